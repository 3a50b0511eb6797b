import { exportBookmarksHtml } from '#server/bookmarks/bookmark-export.service';
import { apiRoute } from '~/lib/api.server';

// The caller's site cards as a Netscape bookmark file (a download; the spec is silent, see docs/api.md).
const handle = apiRoute({
  GET: {
    auth: 'user',
    run: async ({ actor }) => {
      const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
      return new Response(await exportBookmarksHtml(actor), {
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Disposition': `attachment; filename="bookmarks-${day}.html"`,
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  },
});

export { handle as loader, handle as action };
