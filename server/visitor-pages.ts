// Visitors' pages are shared for a moment (app/lib/page-cache.server.ts). A change to what every page shows
// (site settings, the admin's appearance) made in this process starts a new epoch, so it shows at once here;
// other instances show it when their cached pages expire (PAGE_CACHE_MS, 1 s by default).
let epoch = 0;

export function visitorPagesChanged(): void {
  epoch += 1;
}

export function visitorPagesEpoch(): number {
  return epoch;
}
