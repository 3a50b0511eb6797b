import { z } from 'zod';
import { ChannelDtoSchema } from '#server/notifications/channel.dto';
import { CardDtoSchema } from '#server/cards/card.dto';
import * as analyze from '~/routes/api/ai.analyze-site-card';
import * as check from '~/routes/api/ai.check';
import * as importBookmarks from '~/routes/api/ai.import-bookmarks';
import * as recommend from '~/routes/api/ai.recommend';
import * as workflow from '~/routes/api/ai.workflow';
import * as sendTest from '~/routes/api/notifications.$id.send-test';
import * as channel from '~/routes/api/notifications.$id';
import * as preview from '~/routes/api/notifications.test-preview';
import * as channels from '~/routes/api/notifications';
import { describeArea, describeRoute } from '../describe';
import { CARD, CHANNEL, CHANNEL_INPUT, TAG } from '../examples';
import { Ok } from '../shapes';

const Sent = Ok.extend({ status: z.number() });
const score = z.number().describe('0..1');
const AI_ERRORS =
  'Without a configured provider 400 `ai_not_configured`; a draft with another base URL and no key typed 400 ' +
  '`secret_required`; a failing provider 502 `ai_unavailable`.';

export const aiArea = describeArea(
  'AI',
  'Recommendations, site analysis and bookmark reading from the OpenAI-compatible provider the administrator ' +
    'configured.',
  [
    describeRoute('/api/ai/check', check, {
      POST: {
        summary: 'Test the AI provider settings (saved, or a draft)',
        description: `_draftAiConfig counts for an administrator's cookie session only. ${AI_ERRORS}`,
        response: Ok,
        errors: [429],
        example: { body: {}, response: { ok: true } },
      },
    }),
    describeRoute('/api/ai/recommend', recommend, {
      POST: {
        summary: 'Cards that fit a request (at most 6)',
        response: z.object({
          items: z.array(z.object({ site: CardDtoSchema, reason: z.string() })),
          reasoning: z.string(),
        }),
        errors: [429, 502],
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
          steps: z.array(z.object({ site: CardDtoSchema, action: z.string(), reason: z.string() })),
          reasoning: z.string(),
        }),
        errors: [429, 502],
        example: {
          body: { query: 'publish a blog post' },
          response: {
            steps: [{ site: CARD, action: 'Check the syntax', reason: 'Reference' }],
            reasoning: '…',
          },
        },
      },
    }),
    describeRoute('/api/ai/analyze-site-card', analyze, {
      POST: {
        summary:
          'Suggest a name, description and tags for a site (scope full: also context and related cards)',
        description:
          'Works from the address (the page is not fetched), your tags and, in full, your other site cards. ' +
          'Without url the card’s (cardId or siteId) own address is used; siteUrl is accepted for url. At most 3 ' +
          `matched tags, 3 new tag names, 10 related cards (score > 0.7). ${AI_ERRORS}`,
        response: z.object({
          title: z.string(),
          description: z.string(),
          matchedTags: z.array(z.object({ id: z.string(), name: z.string(), score })),
          recommendedTags: z.array(z.object({ name: z.string(), score })),
          siteRecommendContext: z.string().optional().describe('full only'),
          recommendations: z
            .array(
              z.object({
                cardId: z.string(),
                siteId: z.string(),
                name: z.string(),
                reason: z.string(),
                score,
              }),
            )
            .optional()
            .describe('full only'),
        }),
        errors: [404, 502],
        example: {
          body: { url: 'https://developer.mozilla.org/', scope: 'basic' },
          response: {
            title: 'MDN Web Docs',
            description: 'Documentation for web developers',
            matchedTags: [{ id: TAG.id, name: TAG.name, score: 0.9 }],
            recommendedTags: [{ name: 'Reference', score: 0.8 }],
          },
        },
      },
    }),
    describeRoute('/api/ai/import-bookmarks', importBookmarks, {
      POST: {
        summary: 'Find the sites in a bookmark file of any format (nothing is saved)',
        description:
          'content: the file’s text (HTML bookmarks, Markdown, URL lists, CSV, JSON; up to 2,000,000 ' +
          'characters, the model reads the first 30,000). At most 100 http(s) items, each address once; ' +
          `matchedTagIds are only your tags. The items go to POST /api/site-cards/batch. ${AI_ERRORS}`,
        response: z.object({
          items: z.array(
            z.object({
              name: z.string(),
              url: z.string(),
              description: z.string(),
              matchedTagIds: z.array(z.string()),
              recommendedTags: z.array(z.string()),
            }),
          ),
        }),
        errors: [413, 502],
        example: {
          body: {
            content: '- [MDN](https://developer.mozilla.org/)\n- [Can I use](https://caniuse.com/)',
            filename: 'links.md',
          },
          response: {
            items: [
              {
                name: 'MDN',
                url: 'https://developer.mozilla.org/',
                description: 'Web reference',
                matchedTagIds: [TAG.id],
                recommendedTags: [],
              },
            ],
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
        response: z.array(ChannelDtoSchema),
        example: { response: [CHANNEL] },
      },
      POST: {
        summary: 'Add a channel',
        response: ChannelDtoSchema,
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
        response: ChannelDtoSchema,
        errors: [404],
        example: { params: { id: CHANNEL.id }, body: CHANNEL_INPUT, response: CHANNEL },
      },
      PATCH: {
        summary: 'Turn a channel on or off',
        response: ChannelDtoSchema,
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
