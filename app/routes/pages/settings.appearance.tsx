import { useTranslation } from 'react-i18next';
import { data, useActionData, useLoaderData } from 'react-router';
import { appearanceAssetIds, type AppearanceDoc } from '#server/appearance/appearance.model';
import { THEMES } from '#server/appearance/appearance.shared';
import { appearancesOf } from '#server/appearance/appearance.service';
import { isAppError } from '#server/errors';
import { getFloatingButtons, saveFloatingButtons } from '#server/settings/app-settings.service';
import { FloatingButtonsPanel } from '~/components/settings/floating-buttons-panel';
import { SettingsNav } from '~/components/settings/settings-nav';
import { ThemePanel } from '~/components/settings/theme-panel';
import { settingsLinks, settingsMeta } from '~/lib/settings-page';
import { isMultipart, numberField, pageErrorMessage, readForm } from '~/lib/forms.server';
import { requireUser } from '~/lib/guards.server';
import { requestInfo } from '~/lib/request-context.server';
import { choosePicture, uploadFromForm } from '~/lib/picture-slots.server';
import {
  APPEARANCE_SLOTS,
  patchTheme,
  themeOf,
  typesOf,
  type AppearanceSlot,
} from './settings.appearance.server';
import type { Route } from './+types/settings.appearance';
import { redirectWithFlash } from '~/lib/flash.server';

export const links: Route.LinksFunction = settingsLinks;

export const meta: Route.MetaFunction = settingsMeta('settings.appearance.title');

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireUser(request, context);
  const looks = await appearancesOf(actor.userId);
  const ids = THEMES.flatMap((t) => appearanceAssetIds(looks[t] as Partial<AppearanceDoc>));
  const isAdmin = actor.role === 'admin';
  return {
    looks,
    types: await typesOf(ids),
    isAdmin,
    buttons: isAdmin ? await getFloatingButtons() : null,
  };
}

const HERE = '/settings/appearance';

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireUser(request, context);
  const { locale } = requestInfo(context);
  if (isMultipart(request)) {
    let theme = 'light';
    const failed = await uploadFromForm<AppearanceSlot>(
      request,
      actor,
      locale,
      (f) =>
        f.slot && f.slot in APPEARANCE_SLOTS ? { slot: f.slot as AppearanceSlot, kind: 'wallpaper' } : null,
      async (slot, assetId, f) => {
        theme = themeOf(f.theme);
        await patchTheme(actor, themeOf(f.theme), { [APPEARANCE_SLOTS[slot].field]: assetId });
      },
    );
    return (
      failed ??
      redirectWithFlash(request, `${HERE}#theme-${theme}`, {
        kind: 'success',
        key: 'settings.flash.uploaded',
      })
    );
  }
  const form = await readForm(request);
  const intent = String(form.get('intent') ?? '');
  const theme = themeOf(form.get('theme'));
  const slot = String(form.get('slot') ?? '') as AppearanceSlot;
  try {
    switch (intent) {
      case 'picture-set':
      case 'picture-remove':
        return await choosePicture(
          request,
          form,
          APPEARANCE_SLOTS,
          (patch) => patchTheme(actor, theme, patch),
          `${HERE}#theme-${theme}`,
        );
      case 'look': {
        const overlay = numberField(form, 'overlay');
        const isDefault = actor.role === 'admin' ? form.get('isDefault') === 'on' : undefined;
        await patchTheme(
          actor,
          theme,
          {
            fontPreset: String(form.get('fontPreset') ?? '') as 'balanced',
            fontSize: numberField(form, 'fontSize'),
            textColor: String(form.get('textColor') ?? ''),
            overlayOpacity: overlay === undefined ? undefined : overlay / 100,
            desktopCardFrosted: numberField(form, 'desktopCardFrosted'),
            mobileCardFrosted: numberField(form, 'mobileCardFrosted'),
            isDefault,
          },
          isDefault ? false : undefined,
        );
        return redirectWithFlash(request, `${HERE}#theme-${theme}`, {
          kind: 'success',
          key: 'settings.flash.saved',
        });
      }
      case 'buttons': {
        const buttons = [];
        for (let i = 0; i < 20 && form.has(`b${i}.id`); i++) {
          const id = String(form.get(`b${i}.id`));
          const url = form.get(`b${i}.url`);
          buttons.push({
            id,
            // Empty: the built-in name, shown in each reader's language.
            label: String(form.get(`b${i}.label`) ?? '').trim(),
            enabled: form.get(`b${i}.enabled`) === 'on',
            ...(url !== null ? { customData: { url: String(url).trim() } } : {}),
          });
        }
        await saveFloatingButtons(actor, { buttons });
        return redirectWithFlash(request, `${HERE}#floating-buttons`, {
          kind: 'success',
          key: 'settings.flash.buttonsSaved',
        });
      }
      default:
        throw data({ code: 'bad_request' }, { status: 400 });
    }
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data(
      { intent: intent === 'look' ? 'look' : 'upload', slot, theme, error: pageErrorMessage(err, locale) },
      { status: err.status },
    );
  }
}

export default function AppearancePage() {
  const { t } = useTranslation();
  const { looks, types, isAdmin, buttons } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as
    { intent: string; slot?: string; theme?: string; error: string } | undefined;
  return (
    <main id="main" className="container page settings-page">
      <header className="settings-hero">
        <h1>{t('settings.appearance.title')}</h1>
        <p className="muted">{t('settings.appearance.intro')}</p>
        <SettingsNav isAdmin={isAdmin} current="appearance" />
      </header>
      <div className="profile-sections">
        {THEMES.map((theme) => (
          <ThemePanel
            key={theme}
            theme={theme}
            look={looks[theme]}
            types={types}
            isAdmin={isAdmin}
            failure={failure && (failure.theme ?? 'light') === theme ? failure : null}
          />
        ))}
        {buttons ? <FloatingButtonsPanel buttons={buttons} /> : null}
      </div>
    </main>
  );
}
