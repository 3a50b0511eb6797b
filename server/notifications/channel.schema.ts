import { z } from 'zod';

/** A channel as clients send it (POST, PUT, test-preview). */
export const ChannelInputSchema = z.object({
  name: z.string().trim().min(1).max(50),
  type: z.literal('webhook').default('webhook'),
  url: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(500),
  method: z.enum(['POST', 'PUT', 'GET']).default('POST'),
  contentType: z.enum(['application/json', 'application/x-www-form-urlencoded']).default('application/json'),
  titleParam: z.string().trim().min(1).max(50).default('title'),
  contentParam: z.string().trim().min(1).max(50).default('content'),
});

export type ChannelInput = z.infer<typeof ChannelInputSchema>;
