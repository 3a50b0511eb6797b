import { useTranslation } from 'react-i18next';
import { data, useActionData, useLoaderData } from 'react-router';
import { isAppError } from '#server/errors';
import { AppSettingsInput, getAppSettings, updateAppSettings } from '#server/settings/app-settings.service';
import { SettingsNav } from '~/components/settings/settings-nav';
import { SitePictures, SiteSettingsForm } from '~/components/settings/site-panels';
import { settingsLinks, settingsMeta } from '~/lib/settings-page';
import { isMultipart, numberField, pageErrorMessage, readForm } from '~/lib/forms.server';
import { requireAdmin } from '~/lib/guards.server';
import { requestInfo } from '~/lib/request-context.server';
import { choosePicture, uploadFromForm } from '~/lib/picture-slots.server';
import type { Route } from './+types/settings.site';
import { redirectWithFlash } from '~/lib/flash.server';

/** Where a site picture goes. */
const SITE_SLOTS = {
  lightLogo: { field: 'lightLogoAssetId', kind: 'logo' },
  darkLogo: { field: 'darkLogoAssetId', kind: 'logo' },
  favicon: { field: 'faviconAssetId', kind: 'favicon' },
} as const;
type SiteSlot = keyof typeof SITE_SLOTS;

export const links: Route.LinksFunction = settingsLinks;

export const meta: Route.MetaFunction = settingsMeta('settings.site.title');

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdmin(request, context);
  return { settings: await getAppSettings(actor) };
}

const HERE = '/settings/site';

/** The settings form as AppSettingsInput: unticked boxes are false, the allow-list is one entry a line. */
function settingsInput(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '');
  return {
    siteName: text('siteName'),
    registrationEnabled: form.get('registrationEnabled') === 'on',
    onlineCheckEnabled: form.get('onlineCheckEnabled') === 'on',
    onlineCheckTime: numberField(form, 'onlineCheckTime'),
    onlineStatusPublic: form.get('onlineStatusPublic') === 'on',
    socialTagDescription: text('socialTagDescription').trim() || null,
    aiBaseUrl: text('aiBaseUrl').trim(),
    aiModel: text('aiModel'),
    // The masked value the page showed comes back unchanged and keeps the stored key (the service's rule).
    aiApiKey: text('aiApiKey'),
    outboundAllowPrivate: form.get('outboundAllowPrivate') === 'on',
    outboundAllowList: text('outboundAllowList')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireAdmin(request, context);
  const { locale } = requestInfo(context);
  if (isMultipart(request)) {
    const failed = await uploadFromForm<SiteSlot>(
      request,
      actor,
      locale,
      (f) =>
        f.slot && f.slot in SITE_SLOTS
          ? { slot: f.slot as SiteSlot, kind: SITE_SLOTS[f.slot as SiteSlot].kind }
          : null,
      (slot, assetId) => updateAppSettings(actor, { [SITE_SLOTS[slot].field]: assetId }),
    );
    return (
      failed ??
      redirectWithFlash(request, `${HERE}#pictures`, { kind: 'success', key: 'settings.flash.uploaded' })
    );
  }
  const form = await readForm(request);
  const intent = String(form.get('intent') ?? '');
  const slot = String(form.get('slot') ?? '') as SiteSlot;
  try {
    switch (intent) {
      case 'picture-set':
      case 'picture-remove':
        return await choosePicture(
          request,
          form,
          SITE_SLOTS,
          (patch) => updateAppSettings(actor, patch),
          `${HERE}#pictures`,
        );
      case 'settings': {
        const parsed = AppSettingsInput.safeParse(settingsInput(form));
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          return data(
            { intent, slot: '', error: `${issue?.path.join('.')}: ${issue?.message}` },
            { status: 400 },
          );
        }
        await updateAppSettings(actor, parsed.data);
        return redirectWithFlash(request, HERE, { kind: 'success', key: 'settings.flash.saved' });
      }
      default:
        throw data({ code: 'bad_request' }, { status: 400 });
    }
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data(
      { intent: intent === 'settings' ? 'settings' : 'upload', slot, error: pageErrorMessage(err, locale) },
      { status: err.status },
    );
  }
}

export default function SiteSettingsPage() {
  const { t } = useTranslation();
  const { settings } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as
    { intent: string; slot?: string; error: string } | undefined;
  return (
    <main id="main" className="container page settings-page">
      <header className="settings-hero">
        <h1>{t('settings.site.title')}</h1>
        <p className="muted">{t('settings.site.intro')}</p>
        <SettingsNav isAdmin current="site" />
      </header>
      <div className="profile-sections">
        <SitePictures settings={settings} failure={failure?.intent === 'upload' ? failure : null} />
        <SiteSettingsForm settings={settings} error={failure?.intent === 'settings' ? failure.error : null} />
      </div>
    </main>
  );
}
