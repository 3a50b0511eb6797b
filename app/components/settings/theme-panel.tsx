import { useTranslation } from 'react-i18next';
import { FONT_PRESETS, type Theme } from '#server/appearance/appearance.shared';
import type { ThemeAppearance } from '#server/appearance/appearance.service';
import { PictureSlot } from './picture-slot';
import { PostForm } from '~/components/ui/post-form';

export const WALLPAPER_ACCEPT =
  'image/png,image/jpeg,image/gif,image/webp,image/avif,image/bmp,video/mp4,video/webm';
const WALLPAPER_MAX = 20 * 1024 * 1024;

export interface ThemePanelProps {
  theme: Theme;
  look: ThemeAppearance;
  /** mime types of the stored pictures, by asset id (a wallpaper may be a video). */
  types: Record<string, string>;
  isAdmin: boolean;
  /** An upload or save that failed on this theme. */
  failure?: { slot?: string; error: string; intent: string } | null;
}

function stored(id: string | null, url: string | null, types: Record<string, string>) {
  return id && url ? { url, video: (types[id] ?? '').startsWith('video/') } : null;
}

/** One theme's wallpapers (desktop and phone) and its fonts and colours. */
export function ThemePanel({ theme, look, types, isAdmin, failure }: ThemePanelProps) {
  const { t } = useTranslation();
  const action = '/settings/appearance';
  const themeName = t(`settings.appearance.themes.${theme}`);
  const prefix = `look-${theme}`;
  return (
    <section className="panel settings-panel" id={`theme-${theme}`} aria-labelledby={`${prefix}-heading`}>
      <div className="panel-header">
        <h2 id={`${prefix}-heading`}>{themeName}</h2>
      </div>
      <div className="picture-grid">
        {(['desktop', 'mobile'] as const).map((slot) => (
          <PictureSlot
            key={slot}
            action={action}
            label={t(`settings.appearance.${slot}Wallpaper`)}
            hint={t('settings.appearance.wallpaperHint')}
            current={
              slot === 'desktop'
                ? stored(look.desktopWallpaperAssetId, look.desktopWallpaperUrl, types)
                : stored(look.mobileWallpaperAssetId, look.mobileWallpaperUrl, types)
            }
            kind="wallpaper"
            accept={WALLPAPER_ACCEPT}
            maxBytes={WALLPAPER_MAX}
            fields={{ theme, slot }}
            error={failure?.intent === 'upload' && failure.slot === slot ? failure.error : undefined}
          />
        ))}
      </div>
      <PostForm action={action} className="settings-form" preventScrollReset intent="look" values={{ theme }}>
        {failure?.intent === 'look' ? (
          <div className="form-errors" role="alert">
            <p>{failure.error}</p>
          </div>
        ) : null}
        <div className="settings-grid">
          <div className="field">
            <label htmlFor={`${prefix}-font`}>{t('settings.appearance.font')}</label>
            <select id={`${prefix}-font`} name="fontPreset" defaultValue={look.fontPreset}>
              {FONT_PRESETS.map((f) => (
                <option key={f} value={f}>
                  {t(`settings.appearance.fonts.${f}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${prefix}-size`}>{t('settings.appearance.fontSize')}</label>
            <input
              id={`${prefix}-size`}
              name="fontSize"
              type="number"
              min={12}
              max={24}
              step={1}
              defaultValue={look.fontSize}
              required
            />
          </div>
          <div className="field">
            <label htmlFor={`${prefix}-color`}>{t('settings.appearance.textColor')}</label>
            <input id={`${prefix}-color`} name="textColor" type="color" defaultValue={look.textColor} />
          </div>
          <div className="field">
            <label htmlFor={`${prefix}-overlay`}>{t('settings.appearance.overlay')}</label>
            <input
              id={`${prefix}-overlay`}
              name="overlay"
              type="number"
              min={0}
              max={100}
              step={1}
              defaultValue={Math.round(look.overlayOpacity * 100)}
              aria-describedby={`${prefix}-overlay-hint`}
              required
            />
            <p className="field-hint" id={`${prefix}-overlay-hint`}>
              {t('settings.appearance.overlayHint')}
            </p>
          </div>
          <div className="field">
            <label htmlFor={`${prefix}-dfrost`}>{t('settings.appearance.desktopFrosted')}</label>
            <input
              id={`${prefix}-dfrost`}
              name="desktopCardFrosted"
              type="number"
              min={0}
              max={100}
              defaultValue={look.desktopCardFrosted}
            />
          </div>
          <div className="field">
            <label htmlFor={`${prefix}-mfrost`}>{t('settings.appearance.mobileFrosted')}</label>
            <input
              id={`${prefix}-mfrost`}
              name="mobileCardFrosted"
              type="number"
              min={0}
              max={100}
              defaultValue={look.mobileCardFrosted}
            />
          </div>
        </div>
        {isAdmin ? (
          <label className="check">
            <input type="checkbox" name="isDefault" value="on" defaultChecked={look.isDefault} />
            <span>{t('settings.appearance.visitorDefault')}</span>
          </label>
        ) : null}
        <div className="row">
          <button type="submit" className="button button-primary">
            {t('settings.appearance.save', { theme: themeName })}
          </button>
        </div>
      </PostForm>
    </section>
  );
}
