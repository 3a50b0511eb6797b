// "Save from anywhere": the new-site form prefilled from its address, as the bookmarklet (`url`, `name`,
// `description`) and the web app manifest's share target (`url`, `name` for the shared title, `text`) open it.
// Every value is input like any other: a URL that is no http(s) address (javascript:, data:, a path) is dropped,
// texts become one line cut to the card's limits.
import { siteHost } from '../site-icons/icon-src.shared';
import { checkUrl } from '../urls/url-policy.shared';
import { oneLine } from './site-preview.read';

const PARAM_MAX = 4000;
/** An http(s) address in shared text, up to the first space or character that cannot end one. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"'\u3000-\u303f\uff01-\uff5e]+/i;

export interface SitePrefill {
  siteUrl: string;
  name: string;
  siteDescription: string;
}

/** An http(s) address as a card stores it, or '' for anything else. */
function httpUrl(raw: string): string {
  const checked = checkUrl(raw, 'link');
  return checked.ok && siteHost(checked.value) ? checked.value : '';
}

const param = (params: URLSearchParams, ...names: string[]) =>
  names.map((n) => (params.get(n) ?? '').slice(0, PARAM_MAX)).find((v) => v.trim()) ?? '';

/** What the query prefills, or null when it names nothing usable. */
export function sitePrefill(params: URLSearchParams): SitePrefill | null {
  const text = param(params, 'text');
  let siteUrl = httpUrl(param(params, 'url'));
  let rest = text;
  // Apps that share a page often put its address in the text and leave `url` empty.
  if (!siteUrl) {
    const raw = URL_IN_TEXT.exec(text)?.[0];
    if (raw) {
      siteUrl = httpUrl(raw.replace(/[.,;:!?)\]}]+$/, ''));
      rest = text.replace(raw, ' ');
    }
  }
  const name = oneLine(param(params, 'name', 'title') || (siteUrl ? rest : ''), 80);
  const siteDescription = oneLine(param(params, 'description'), 200);
  if (!siteUrl && !name && !siteDescription) return null;
  return { siteUrl, name, siteDescription };
}
