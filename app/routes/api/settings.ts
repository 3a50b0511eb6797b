import { OutboundAiSettingsSchema, updateOutboundAiSettings } from '#server/settings/outbound-ai-settings';
import { apiRoute } from '~/lib/api.server';

// Only the AI provider and outbound policy fields so far; other settings join this route as they are built.
const handle = apiRoute({
  PUT: {
    auth: 'admin',
    body: OutboundAiSettingsSchema,
    run: ({ actor, body }) => updateOutboundAiSettings(actor, body),
  },
});

export { handle as loader, handle as action };
