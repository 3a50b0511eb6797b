import { z } from 'zod';
import * as check from '~/routes/api/ai.check';
import * as recommend from '~/routes/api/ai.recommend';
import * as workflow from '~/routes/api/ai.workflow';
import * as sendTest from '~/routes/api/notifications.$id.send-test';
import * as channel from '~/routes/api/notifications.$id';
import * as preview from '~/routes/api/notifications.test-preview';
import * as channels from '~/routes/api/notifications';
import { describeArea, describeRoute } from '../describe';
import { CARD, CHANNEL, CHANNEL_INPUT } from '../examples';
import { Card, Channel, Ok } from '../shapes';

const Sent = Ok.extend({ status: z.number() });

export const aiArea = describeArea(
  'AI',
  'Recommendations from the OpenAI-compatible provider the administrator configured.',
  [
    describeRoute('/api/ai/check', check, {
      POST: {
        summary: 'Test the AI provider settings (saved, or a draft)',
        response: Ok,
        errors: [429],
        example: { body: {}, response: { ok: true } },
      },
    }),
    describeRoute('/api/ai/recommend', recommend, {
      POST: {
        summary: 'Cards that fit a request (at most 6)',
        response: z.object({
          items: z.array(z.object({ site: Card, reason: z.string() })),
          reasoning: z.string(),
        }),
        errors: [429, 503],
        example: {
          body: { query: 'learn CSS grid' },
          response: { items: [{ site: CARD, reason: 'The reference for CSS' }], reasoning: 'Docs first.' },
        },
      },
    }),
    describeRoute('/api/ai/workflow', workflow, {
      POST: {
        summary: 'A sequence of cards for a task (at most 8 steps)',
        response: z.object({
          steps: z.array(z.object({ site: Card, action: z.string(), reason: z.string() })),
          reasoning: z.string(),
        }),
        errors: [429, 503],
        example: {
          body: { query: 'publish a blog post' },
          response: {
            steps: [{ site: CARD, action: 'Check the syntax', reason: 'Reference' }],
            reasoning: '…',
          },
        },
      },
    }),
  ],
);

export const notificationsArea = describeArea(
  'Notifications',
  'Webhook channels told when one of your sites goes offline.',
  [
    describeRoute('/api/notifications', channels, {
      GET: {
        summary: 'Your channels (a bare array)',
        response: z.array(Channel),
        example: { response: [CHANNEL] },
      },
      POST: {
        summary: 'Add a channel',
        response: Channel,
        example: { body: CHANNEL_INPUT, response: CHANNEL },
      },
    }),
    describeRoute('/api/notifications/test-preview', preview, {
      POST: {
        summary: 'Send a test message through an unsaved channel',
        response: Sent,
        example: { body: CHANNEL_INPUT, response: { ok: true, status: 200 } },
      },
    }),
    describeRoute('/api/notifications/:id', channel, {
      PUT: {
        summary: 'Change a channel',
        response: Channel,
        errors: [404],
        example: { params: { id: CHANNEL.id }, body: CHANNEL_INPUT, response: CHANNEL },
      },
      PATCH: {
        summary: 'Turn a channel on or off',
        response: Channel,
        errors: [404],
        example: { params: { id: CHANNEL.id }, response: { ...CHANNEL, enabled: false } },
      },
      DELETE: {
        summary: 'Delete a channel',
        response: Ok,
        errors: [404],
        example: { params: { id: CHANNEL.id }, response: { ok: true } },
      },
    }),
    describeRoute('/api/notifications/:id/test', sendTest, {
      POST: {
        summary: 'Send a test message through a channel',
        response: Sent,
        errors: [404],
        example: { params: { id: CHANNEL.id }, response: { ok: true, status: 200 } },
      },
    }),
  ],
);
