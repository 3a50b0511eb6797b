import { useTranslation } from 'react-i18next';
import type { AppSettingsDto } from '#server/settings/settings.dto';
import { PictureSlot } from './picture-slot';
import { Field, FormErrors, TextareaField } from '~/components/ui/field';
import { PostForm, SubmitRow } from '~/components/ui/post-form';
import { Panel } from '~/components/ui/panel';

const MB = 1024 * 1024;
const LOGO_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/avif';

/** Site logos (one per theme) and the favicon. */
export function SitePictures({
  settings,
  failure,
}: {
  settings: AppSettingsDto;
  failure: { slot?: string; error: string } | null;
}) {
  const { t } = useTranslation();
  const slots = [
    { slot: 'lightLogo', url: settings.lightLogoUrl, label: t('settings.site.lightLogo'), kind: 'logo' },
    { slot: 'darkLogo', url: settings.darkLogoUrl, label: t('settings.site.darkLogo'), kind: 'logo' },
    { slot: 'favicon', url: settings.faviconUrl, label: t('settings.site.favicon'), kind: 'favicon' },
  ];
  return (
    <Panel id="pictures" className="settings-panel" title={t('settings.site.identity')}>
      <div className="picture-grid picture-grid-3">
        {slots.map((s) => (
          <PictureSlot
            key={s.slot}
            action="/settings/site"
            label={s.label}
            hint={s.kind === 'favicon' ? t('settings.site.faviconHint') : t('settings.site.logoHint')}
            current={s.url ? { url: s.url, video: false } : null}
            kind={s.kind}
            accept={
              s.kind === 'favicon' ? 'image/x-icon,image/vnd.microsoft.icon,image/png,.ico' : LOGO_ACCEPT
            }
            maxBytes={s.kind === 'favicon' ? MB : 5 * MB}
            fields={{ slot: s.slot }}
            error={failure?.slot === s.slot ? failure.error : undefined}
          />
        ))}
      </div>
    </Panel>
  );
}

function Check({
  name,
  label,
  checked,
  hint,
}: {
  name: string;
  label: string;
  checked: boolean;
  hint?: string;
}) {
  return (
    <div className="field">
      <label className="check">
        <input type="checkbox" name={name} value="on" defaultChecked={checked} />
        <span>{label}</span>
      </label>
      {hint ? <p className="field-hint">{hint}</p> : null}
    </div>
  );
}

/** A text input of the settings form, named and filled from the setting it edits. */
function Text({
  name,
  value,
  ...p
}: { name: string; label: string; value: string; hint?: string } & React.ComponentProps<'input'>) {
  return <Field id={`site-${name}`} name={name} defaultValue={value} {...p} />;
}

/** Site name, registration, online checks, AI provider (key masked) and outbound network policy. */
export function SiteSettingsForm({ settings: s, error }: { settings: AppSettingsDto; error: string | null }) {
  const { t } = useTranslation();
  return (
    <PostForm action="/settings/site" className="stack" preventScrollReset intent="settings">
      <FormErrors errors={error ? [error] : undefined} />
      <Panel id="general" className="settings-panel" title={t('settings.site.general')}>
        <div className="settings-grid">
          <Text
            name="siteName"
            label={t('settings.site.siteName')}
            value={s.siteName}
            hint={t('settings.site.siteNameHint')}
            maxLength={30}
            required
          />
          <Text
            name="socialTagDescription"
            label={t('settings.site.socialTagDescription')}
            value={s.socialTagDescription ?? ''}
            maxLength={100}
          />
          <Text
            name="onlineCheckTime"
            label={t('settings.site.onlineCheckTime')}
            value={String(s.onlineCheckTime)}
            type="number"
            min={0}
            max={23}
          />
        </div>
        <Check
          name="registrationEnabled"
          label={t('settings.site.registration')}
          checked={s.registrationEnabled}
        />
        <Check
          name="onlineCheckEnabled"
          label={t('settings.site.onlineCheck')}
          checked={s.onlineCheckEnabled}
        />
        <Check
          name="onlineStatusPublic"
          label={t('settings.site.onlineStatusPublic')}
          checked={s.onlineStatusPublic}
        />
      </Panel>
      <Panel id="ai" className="settings-panel" title={t('settings.site.ai')}>
        <p className="muted">{t('settings.site.aiHint')}</p>
        <div className="settings-grid">
          <Text
            name="aiBaseUrl"
            label={t('settings.site.aiBaseUrl')}
            value={s.aiBaseUrl}
            type="url"
            inputMode="url"
            placeholder="https://"
          />
          <Text name="aiModel" label={t('settings.site.aiModel')} value={s.aiModel} />
          <Text
            name="aiApiKey"
            label={t('settings.site.aiApiKey')}
            value={s.aiApiKey}
            type="password"
            autoComplete="off"
            hint={s.aiApiKeyMasked ? t('settings.site.aiKeyStored', { masked: s.aiApiKey }) : undefined}
          />
        </div>
      </Panel>
      <Panel id="network" className="settings-panel" title={t('settings.site.network')}>
        <Check
          name="outboundAllowPrivate"
          label={t('settings.site.allowPrivate')}
          checked={s.outboundAllowPrivate}
          hint={t('settings.site.allowPrivateHint')}
        />
        <TextareaField
          id="site-allow-list"
          label={t('settings.site.allowList')}
          name="outboundAllowList"
          rows={4}
          defaultValue={s.outboundAllowList.join('\n')}
          hint={t('settings.site.allowListHint')}
        />
      </Panel>
      <SubmitRow label={t('settings.site.save')} />
    </PostForm>
  );
}
