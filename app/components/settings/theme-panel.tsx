import { useTranslation } from 'react-i18next';
import { FONT_PRESETS, type Theme } from '#server/appearance/appearance.shared';
import type { ThemeAppearanceDto } from '#server/appearance/appearance.dto';
import { PictureSlot } from './picture-slot';
import { Field, FormErrors, SelectField } from '~/components/ui/field';
import { Panel } from '~/components/ui/panel';
import { PostForm, SubmitRow } from '~/components/ui/post-form';

export const WALLPAPER_ACCEPT =
  'image/png,image/jpeg,image/gif,image/webp,image/avif,image/bmp,video/mp4,video/webm';
const WALLPAPER_MAX = 20 * 1024 * 1024;

export interface ThemePanelProps {
  theme: Theme;
  look: ThemeAppearanceDto;
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
  /** A whole-number input, 0 to 100 unless the caller narrows it. */
  const numberField = (id: string, name: string, value: number) =>
    ({
      id: `${prefix}-${id}`,
      name,
      type: 'number',
      min: 0,
      max: 100,
      step: 1,
      defaultValue: value,
    }) as const;
  return (
    <Panel id={`theme-${theme}`} headingId={`${prefix}-heading`} className="settings-panel" title={themeName}>
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
        <FormErrors errors={failure?.intent === 'look' ? [failure.error] : undefined} />
        <div className="settings-grid">
          <SelectField
            id={`${prefix}-font`}
            label={t('settings.appearance.font')}
            name="fontPreset"
            defaultValue={look.fontPreset}
            options={FONT_PRESETS.map((f) => ({ value: f, label: t(`settings.appearance.fonts.${f}`) }))}
          />
          <Field
            {...numberField('size', 'fontSize', look.fontSize)}
            label={t('settings.appearance.fontSize')}
            min={12}
            max={24}
            required
          />
          <Field
            id={`${prefix}-color`}
            label={t('settings.appearance.textColor')}
            name="textColor"
            type="color"
            defaultValue={look.textColor}
          />
          <Field
            {...numberField('overlay', 'overlay', Math.round(look.overlayOpacity * 100))}
            label={t('settings.appearance.overlay')}
            hint={t('settings.appearance.overlayHint')}
            required
          />
          <Field
            {...numberField('dfrost', 'desktopCardFrosted', look.desktopCardFrosted)}
            label={t('settings.appearance.desktopFrosted')}
          />
          <Field
            {...numberField('mfrost', 'mobileCardFrosted', look.mobileCardFrosted)}
            label={t('settings.appearance.mobileFrosted')}
          />
        </div>
        {isAdmin ? (
          <label className="check">
            <input type="checkbox" name="isDefault" value="on" defaultChecked={look.isDefault} />
            <span>{t('settings.appearance.visitorDefault')}</span>
          </label>
        ) : null}
        <SubmitRow label={t('settings.appearance.save', { theme: themeName })} />
      </PostForm>
    </Panel>
  );
}
