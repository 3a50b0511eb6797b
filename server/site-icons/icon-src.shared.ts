// Which picture a site card shows, decided the same way on every page (pure; the browser may import it). A card
// without a picture of its own, or whose picture is an icon service's address for a domain (favicon.im, Google's
// and DuckDuckGo's favicon services: the older service prefilled those), shows the site's icon from our own origin
// (`/api/site-icons/<host>`, fetched and stored by the server), so visitors' browsers ask no third party. An admin
// may name an external icon service instead (`siteIconService`, a URL template with `{domain}`).
import { safeImageSrc } from '../urls/url-policy.shared';

export const SITE_ICON_PATH = '/api/site-icons/';

/** A host name with an optional port, lower case: what a site icon is stored under. */
export const SITE_ICON_HOST =
  /^(?=.{1,260}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/;

const ICON_SERVICES = [
  /^https?:\/\/favicon\.im\/([^/?#]+)/i,
  /^https?:\/\/(?:www\.)?google\.com\/s2\/favicons\?(?:[^#]*&)?domain(?:_url)?=(?:https?(?::|%3A)(?:\/\/|%2F%2F))?([^&#/%]+)/i,
  /^https?:\/\/icons\.duckduckgo\.com\/ip[23]\/([^/?#]+?)\.ico/i,
  /^\/api\/site-icons\/([^/?#]+)/,
];

/** The host an icon-service address is for, or null when it is not one. */
export function iconServiceHost(iconUrl: string): string | null {
  for (const re of ICON_SERVICES) {
    const host = re.exec(iconUrl.trim())?.[1]?.toLowerCase();
    if (host && SITE_ICON_HOST.test(host)) return host;
  }
  return null;
}

/** The host of a site's http(s) address, or null. */
export function siteHost(siteUrl: string | null | undefined): string | null {
  if (!siteUrl) return null;
  try {
    const url = new URL(siteUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.host.toLowerCase();
    return SITE_ICON_HOST.test(host) ? host : null;
  } catch {
    return null;
  }
}

/** The icon address for a host: ours, or the admin's external service (`{domain}` replaced). */
export function siteIconSrc(host: string, service = ''): string {
  if (service.includes('{domain}'))
    return service.replaceAll('{domain}', encodeURIComponent(host.split(':')[0]!));
  return `${SITE_ICON_PATH}${host}`;
}

/** What a site card's picture is on the page: its own picture, or the site's icon (letter tile when it has none). */
export function shownSiteIcon(
  iconUrl: string | null | undefined,
  siteUrl: string | null | undefined,
  service = '',
): string | null {
  if (iconUrl) {
    const host = iconServiceHost(iconUrl);
    return host ? siteIconSrc(host, service) : safeImageSrc(iconUrl);
  }
  const host = siteHost(siteUrl);
  return host ? siteIconSrc(host, service) : null;
}
