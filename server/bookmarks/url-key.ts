// The key two bookmarks share when they point at the same page: the duplicate check of the import and its preview.

/**
 * http and https, `www.`, letter case of the host, a default port, a trailing slash and the fragment do not make
 * another page; path and query do. Anything unparsable is compared as lower-cased text.
 */
export function urlKey(url: string): string {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return url.trim().toLowerCase();
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return url.trim().toLowerCase();
  const host = u.hostname.startsWith('www.') ? u.hostname.slice(4) : u.hostname;
  let path = u.pathname;
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (path === '/') path = '';
  return `${host}${u.port ? `:${u.port}` : ''}${path}${u.search}`;
}
