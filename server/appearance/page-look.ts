// The appearance as it reaches server-rendered pages: one small stylesheet (wallpapers, overlay, text colour,
// font) and the favicon. Every value in it was validated on the way in (hex colours, numbers, asset URLs).
import type { Actor } from '../actor';
import { getSettings } from '../settings/settings.service';
import type { ThemeAppearanceDto } from './appearance.dto';
import { getAppearances } from './appearance.service';

const FONTS: Record<string, string | null> = {
  balanced: null,
  grotesk: "'Inter', 'Helvetica Neue', Arial, system-ui, sans-serif",
  serif: "Georgia, 'Noto Serif', 'Times New Roman', serif",
};

const SAFE_URL = /^\/api\/assets\/asset-[0-9a-f-]{36}\/file$/;
const cssUrl = (u: string | null) => (u && SAFE_URL.test(u) ? `url("${u}")` : 'none');

const frost = (n: number) => Math.min(100, Math.max(0, Math.round(Number(n) || 0)));

// Over a wallpaper, cards let it through as frosted glass: 0 is an opaque card, 100 a third see-through and blurred.
const tiles = (v: string) =>
  `.tile{background:color-mix(in srgb,var(--surface) calc(100% - var(${v}) * 0.35%),transparent);` +
  `backdrop-filter:blur(calc(var(${v}) * 0.14px));-webkit-backdrop-filter:blur(calc(var(${v}) * 0.14px))}`;
const FROSTED_TILES = `${tiles('--look-frost')}@media (max-width:640px){${tiles('--look-frost-mobile')}}`;

function vars(a: ThemeAppearanceDto): string {
  const out = [
    `--text:${/^#[0-9a-f]{6}$/i.test(a.textColor) ? a.textColor : 'inherit'}`,
    `--look-overlay:${Math.round(Math.min(1, Math.max(0, a.overlayOpacity)) * 100)}%`,
    `--look-wallpaper:${cssUrl(a.desktopWallpaperUrl)}`,
    `--look-wallpaper-mobile:${cssUrl(a.mobileWallpaperUrl ?? a.desktopWallpaperUrl)}`,
    `--look-font-size:${Math.min(24, Math.max(12, Math.round(a.fontSize)))}px`,
    `--look-frost:${frost(a.desktopCardFrosted)}`,
    `--look-frost-mobile:${frost(a.mobileCardFrosted)}`,
  ];
  const font = FONTS[a.fontPreset];
  if (font) out.push(`--font-sans:${font}`);
  return out.join(';');
}

/** The stylesheet for both themes: light by default, dark by the system preference or the chosen theme. */
export function lookCss(a: { light: ThemeAppearanceDto; dark: ThemeAppearanceDto }): string {
  const wallpaper =
    'background-image:linear-gradient(color-mix(in srgb,var(--bg) var(--look-overlay),transparent),' +
    'color-mix(in srgb,var(--bg) var(--look-overlay),transparent)),var(--look-wallpaper);' +
    'background-size:cover;background-position:center;background-attachment:fixed';
  const any = [a.light, a.dark].some((t) => t.desktopWallpaperUrl || t.mobileWallpaperUrl);
  return [
    `:root{${vars(a.light)}}`,
    `@media (prefers-color-scheme:dark){:root:not([data-theme='light']){${vars(a.dark)}}}`,
    `:root[data-theme='dark']{${vars(a.dark)}}`,
    `body{font-size:var(--look-font-size)}`,
    any ? `body{${wallpaper}}` : '',
    any ? FROSTED_TILES : '',
    any
      ? `@media (max-width:640px){body{background-image:linear-gradient(color-mix(in srgb,var(--bg) var(--look-overlay),transparent),color-mix(in srgb,var(--bg) var(--look-overlay),transparent)),var(--look-wallpaper-mobile)}}`
      : '',
  ].join('\n');
}

/** What a page needs of the appearance: the caller's (visitors: the admin's) and the site favicon. */
export async function pageLook(actor: Actor | null) {
  const [a, settings] = await Promise.all([getAppearances(actor), getSettings()]);
  const favicon =
    a.light.faviconUrl ??
    a.dark.faviconUrl ??
    (settings.faviconAssetId ? `/api/assets/${settings.faviconAssetId}/file` : null);
  return { css: lookCss(a), faviconUrl: favicon };
}
