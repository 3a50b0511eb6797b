// "Add by URL" without AI: the server reads the page at an address through the safe outbound client (policy checked
// after DNS on every hop, a deadline, a size cap; docs/decisions.md §29) and says what it names itself. The editor's
// "Fetch details", `POST /api/site-cards/preview` and the MCP tool `get_site_preview` all call `previewSite`.
import type { Actor } from '../actor';
import { env } from '../env';
import { AppError, badRequest } from '../errors';
import { logger } from '../logger';
import { OutboundError, safeFetch } from '../net/safe-fetch';
import { assertWithin, consume, SITE_PREVIEWS_PER_USER } from '../rate-limit/rate-limit.service';
import { siteHost, siteIconSrc } from '../site-icons/icon-src.shared';
import { checkUrl } from '../urls/url-policy.shared';
import { decodePage, oneLine, readPageMeta } from './site-preview.read';
import type { PreviewFailure, SitePreview, SitePreviewInput } from './site-preview.schema';

/** The most of a page read: its head is at the top; the rest is cut, not refused. */
const PAGE_MAX_BYTES = 512 * 1024;
/** The card fields' lengths (server/cards/card.schema.ts): name 80, description 200. */
const TITLE_MAX = 80;
const DESCRIPTION_MAX = 200;
const HEADERS = {
  'user-agent': 'SakuraDash-preview/1.0',
  accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
};

/** 422 `fetch_failed` with `details.reason` (one of PREVIEW_FAILURES): nothing was changed. */
function failed(reason: PreviewFailure, message: string, extra: Record<string, unknown> = {}): AppError {
  return new AppError('fetch_failed', message, { reason, ...extra });
}

/** The reason of a preview refusal, or null when the error is something else. */
export function previewFailure(err: unknown): PreviewFailure | null {
  if (!(err instanceof AppError) || err.code !== 'fetch_failed') return null;
  return (err.details as { reason: PreviewFailure }).reason;
}

function looksLikeHtml(type: string, body: Buffer): boolean {
  if (/html/i.test(type)) return true;
  // No type at all: the first thing in the body must be markup.
  return (
    !type &&
    /^\s*</.test(
      body
        .subarray(0, 256)
        .toString('latin1')
        .replace(/^\uFEFF|^ï»¿/, ''),
    )
  );
}

/** The title, description and icon a page gives itself; 400 for an address that is no http(s) URL. */
export async function previewSite(actor: Actor, input: SitePreviewInput): Promise<SitePreview> {
  const checked = checkUrl(input.url, 'link');
  if (!checked.ok) throw badRequest(`url: ${checked.message}`);
  const host = siteHost(checked.value);
  if (!host) throw badRequest('url: Only http and https pages can be read');
  assertWithin(await consume(SITE_PREVIEWS_PER_USER, actor.userId));

  let res;
  try {
    res = await safeFetch(checked.value, {
      headers: HEADERS,
      timeoutMs: env().SITE_PREVIEW_TIMEOUT_MS,
      maxBytes: PAGE_MAX_BYTES,
      onTooLarge: 'truncate',
    });
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    logger.info('site-preview', 'page not fetched', { host, kind: err.kind, detail: err.detail });
    throw failed(err.kind, `The page could not be read: ${err.reason}`);
  }
  if (res.status >= 400) {
    throw failed('status', `The page answered with HTTP ${res.status}`, { status: res.status });
  }
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!looksLikeHtml(type, res.body)) {
    throw failed('not_html', `The address is not a web page (${type || 'no type'})`);
  }
  const meta = await readPageMeta(decodePage(res.body, res.headers.get('content-type') ?? ''), res.url);
  const title = oneLine(meta.title, TITLE_MAX);
  const description = oneLine(meta.description, DESCRIPTION_MAX);
  if (!title && !description) throw failed('no_details', 'The page names no title or description');
  return {
    url: checked.value,
    finalUrl: res.url,
    title,
    description,
    siteName: oneLine(meta.siteName, TITLE_MAX),
    // Our own origin serves the site's icon (fetched from the declared icons, then /favicon.ico): no hot-linking.
    iconUrl: siteIconSrc(host),
    icons: meta.icons,
    image: meta.image,
  };
}
