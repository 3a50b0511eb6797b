/**
 * Pages rendered without React on the client (`handle.hydrate = false`): the dashboard and a card's page.
 * The client router loads them as documents (`loadAsDocument`), so data requests for them show nothing.
 */
export function loadsAsDocument(pathname: string): boolean {
  return pathname === '/' || /^\/card\/[^/]+\/?$/.test(pathname);
}

/**
 * For pages rendered without React on the client: when the client router navigates to one from a hydrated page,
 * load it as a document instead, so it arrives server-rendered with its own script.
 * Use as the route's `clientLoader`. It never runs for the page's own first load (nothing is hydrated there).
 */
export function loadAsDocument({ request }: { request: Request }): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}
