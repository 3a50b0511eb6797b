import { getSettings } from '#server/settings/settings.service';
import { SAVE_PATH } from '~/lib/bookmarklet';

/** The icons in public/ that a phone's home screen uses (the manifest test checks each file exists). */
export const MANIFEST_ICONS = [
  { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** The web app manifest, so the dashboard can be installed on a phone's home screen under the site's name. */
export async function loader() {
  const { siteName } = await getSettings();
  const manifest = {
    name: siteName,
    short_name: siteName,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // The light theme's page background and accent (app/styles/app.css: --bg, --accent).
    background_color: '#f6f4f8',
    theme_color: '#c92f67',
    icons: MANIFEST_ICONS,
    // "Share → <site>" on a phone opens the new-site form prefilled (server/site-preview/site-prefill.ts): the shared
    // title as the name, the address from `url` or else the first one in the shared text.
    share_target: {
      action: SAVE_PATH,
      method: 'GET',
      params: { title: 'name', text: 'text', url: 'url' },
    },
  };
  return new Response(JSON.stringify(manifest), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'no-cache' },
  });
}
