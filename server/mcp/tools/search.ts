import { z } from 'zod';
import { localSuggestions } from '../../navigation/navigation.service';
import { tool } from '../mcp.tool';

export const searchTools = [
  tool({
    name: 'search_site_cards',
    description: 'Find card and tag names in your space that contain the text: [{value, kind}].',
    input: z.object({
      query: z.string().trim().min(1, 'query is required').max(200),
      limit: z.number().int().min(1).max(20).default(8),
    }),
    write: false,
    run: (actor, { query, limit }) => localSuggestions(actor, query, limit),
  }),
];
