// The "add by URL" preview: what a page says about itself (name, description, icon), read by the server.
import { z } from 'zod';
import { textError } from '../forms/fields.schema';

/** `{url}` (or `siteUrl`, as site creation accepts it): the page to read. */
export const SitePreviewSchema = z
  .object({
    url: z.string(textError('url is required')).max(2000, 'url must be at most 2000 characters').optional(),
    siteUrl: z.string().max(2000, 'url must be at most 2000 characters').optional(),
  })
  .transform((v) => ({ url: (v.url || v.siteUrl || '').trim() }))
  .refine((v) => v.url.length > 0, { message: 'url is required', path: ['url'] });

export type SitePreviewInput = z.infer<typeof SitePreviewSchema>;

/** Why a page gave no details; each has a short text in the UI (`editor.site.fetchFailed.<reason>`). */
export const PREVIEW_FAILURES = [
  'refused',
  'timeout',
  'too_large',
  'network',
  'redirects',
  'status',
  'not_html',
  'no_details',
] as const;
export type PreviewFailure = (typeof PREVIEW_FAILURES)[number];

/** The one public shape of a preview (API, page action and MCP). */
export const SitePreviewDto = z.object({
  url: z.string().describe('the address asked for, as stored on a card (bare domains get https://)'),
  finalUrl: z.string().describe('the address that answered, after redirects'),
  title: z.string().describe('og:title, else <title>, else og:site_name; "" when none'),
  description: z.string().describe('meta description, else og:description; "" when none'),
  siteName: z.string().describe('og:site_name or application-name; "" when none'),
  iconUrl: z.string().describe("the site's icon from this server's origin (/api/site-icons/<host>)"),
  icons: z
    .array(z.string())
    .describe('icons the page declares (absolute http(s) addresses, best first, no SVG)'),
  image: z.string().nullable().describe('og:image as an absolute http(s) address, or null'),
});
export type SitePreview = z.infer<typeof SitePreviewDto>;
