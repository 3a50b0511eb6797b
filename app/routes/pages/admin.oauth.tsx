import { useTranslation } from 'react-i18next';
import { data, useActionData, useLoaderData } from 'react-router';
import { isAppError } from '#server/errors';
import {
  callbackUrl,
  getOAuthAdmin,
  publicBase,
  readOAuthConfig,
  saveOAuthAdmin,
} from '#server/oauth/oauth.config';
import { testOAuthProvider } from '#server/oauth/oauth.flow';
import {
  PROVIDER_FIELDS,
  PROVIDER_KEYS,
  SECRET_FIELDS,
  isProviderKey,
  type ConfigField,
  type ProviderConfig,
  type ProviderKey,
} from '#server/oauth/oauth.schema';
import { Field } from '~/components/ui/field';
import { redirectWithFlash } from '~/lib/flash.server';
import { getI18n } from '~/lib/i18n';
import { pageErrorMessage, readForm } from '~/lib/forms.server';
import { requireAdmin } from '~/lib/guards.server';
import { pageTitle } from '~/lib/page-title';
import { requestInfo } from '~/lib/request-context.server';
import accountsCss from '~/styles/accounts.css?url';
import type { Route } from './+types/admin.oauth';
import { PostForm, SubmitRow } from '~/components/ui/post-form';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsCss }];

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'oauth.admin.title') }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdmin(request, context);
  const view = await getOAuthAdmin(actor);
  const base = publicBase(await readOAuthConfig(), request);
  const callbacks = Object.fromEntries(PROVIDER_KEYS.map((k) => [k, base ? callbackUrl(base, k) : null]));
  return { ...view, callbacks, saved: new URL(request.url).searchParams.get('saved') ?? '' };
}

interface TypedValues {
  enabled: boolean;
  fields: Partial<Record<ConfigField, string>>;
}

/** What was typed in a provider's form, secrets too: a test draws the form again with it (the admin's own input). */
function typedValues(key: ProviderKey, form: FormData): TypedValues {
  const { required, optional } = PROVIDER_FIELDS[key];
  const fields = Object.fromEntries([...required, ...optional].map((f) => [f, String(form.get(f) ?? '')]));
  return { enabled: form.get('enabled') === 'on', fields };
}

/** The configuration typed: an empty secret keeps the stored one (sent as a masked value). */
function configOf(typed: TypedValues): ProviderConfig {
  const cfg: ProviderConfig = { enabled: typed.enabled };
  for (const [f, raw] of Object.entries(typed.fields) as [ConfigField, string][]) {
    const v = raw.trim();
    if (SECRET_FIELDS.includes(f) && v === '') cfg[f] = '****';
    else if (v !== '') cfg[f] = v;
  }
  return cfg;
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireAdmin(request, context);
  const form = await readForm(request);
  const intent = form.get('intent');
  if (intent === 'base') {
    const baseUrl = String(form.get('baseUrl') ?? '').trim();
    if (baseUrl !== '' && !/^https?:\/\/[^\s/]+(\/\S*)?$/i.test(baseUrl)) {
      return data(
        { provider: 'base', ok: false, message: 'baseUrl must be an http(s) URL' },
        { status: 400 },
      );
    }
    await saveOAuthAdmin(actor, { configs: {}, baseUrl });
    return redirectWithFlash(request, '/admin/oauth', { kind: 'success', key: 'oauth.admin.baseSaved' });
  }
  const provider = form.get('provider');
  if (!isProviderKey(provider) || (intent !== 'save' && intent !== 'test')) {
    throw data({ code: 'bad_request' }, { status: 400 });
  }
  const typed = typedValues(provider, form);
  const cfg = configOf(typed);
  try {
    if (intent === 'test')
      return { provider, ...(await testOAuthProvider(actor, { provider, config: cfg })), typed };
    await saveOAuthAdmin(actor, { configs: { [provider]: cfg } });
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data(
      { provider, ok: false, message: pageErrorMessage(err, requestInfo(context).locale), typed, intent },
      { status: err.status },
    );
  }
  const flash = {
    kind: 'success' as const,
    key: 'oauth.admin.saved',
    values: { provider: getI18n(requestInfo(context).locale).t(`oauth.providers.${provider}`) },
  };
  // `saved` changes the form's key, so typed secrets are cleared after a save (also with JavaScript).
  return redirectWithFlash(request, `/admin/oauth?saved=${Date.now()}#provider-${provider}`, flash);
}

export default function AdminOAuthPage() {
  const { t } = useTranslation();
  const { configs, baseUrl, callbacks, saved } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main id="main" className="container page admin-page">
      <h1>{t('oauth.admin.title')}</h1>
      <p className="muted">{t('oauth.admin.intro')}</p>
      <p className="muted small">{t('oauth.admin.privateHint')}</p>

      <section className="panel" aria-labelledby="base-heading">
        <h2 id="base-heading">{t('oauth.admin.baseUrl')}</h2>
        <PostForm className="stack form-narrow" intent="base">
          <Field
            label={t('oauth.admin.baseUrl')}
            name="baseUrl"
            type="url"
            defaultValue={baseUrl}
            placeholder="https://nav.example.com"
            hint={t('oauth.admin.baseUrlHint')}
            errors={result?.provider === 'base' ? [result.message] : undefined}
          />
          <SubmitRow label={t('oauth.admin.saveBase')} tone="" />
        </PostForm>
      </section>

      {PROVIDER_KEYS.map((key) => (
        <ProviderPanel
          key={`${key}-${saved}`}
          provider={key}
          config={configs[key]}
          callback={callbacks[key] ?? null}
          saved={saved}
          result={result && result.provider === key ? result : null}
        />
      ))}
    </main>
  );
}

function ProviderPanel({
  provider,
  config,
  callback,
  saved,
  result,
}: {
  provider: ProviderKey;
  config: ProviderConfig;
  callback: string | null;
  saved: string;
  result: { ok: boolean; message: string; typed?: TypedValues; intent?: string } | null;
}) {
  const { t } = useTranslation();
  const { required, optional } = PROVIDER_FIELDS[provider];
  const heading = `provider-${provider}-heading`;
  const typed = result?.typed;
  const field = (f: ConfigField, isRequired: boolean) => {
    const secret = SECRET_FIELDS.includes(f);
    const stored = config[f];
    // The server address replaces different hosts per provider, so its hint is the provider's own.
    const hintKey = f === 'serverUrl' ? `oauth.admin.hints.serverUrl.${provider}` : `oauth.admin.hints.${f}`;
    const hint =
      secret && stored?.startsWith('****')
        ? t('oauth.admin.secretKept', { masked: stored })
        : t(hintKey, { defaultValue: '' });
    return (
      <Field
        key={f}
        label={t(`oauth.admin.fields.${f}`)}
        name={f}
        id={`${provider}-${f}`}
        type={secret ? 'password' : f === 'issuer' || f === 'serverUrl' ? 'url' : 'text'}
        autoComplete="off"
        defaultValue={typed ? (typed.fields[f] ?? '') : secret ? '' : (stored ?? '')}
        hint={hint || undefined}
        aria-required={isRequired || undefined}
      />
    );
  };
  return (
    <section className="panel oauth-provider-form" id={`provider-${provider}`} aria-labelledby={heading}>
      <div className="panel-header">
        <h2 id={heading}>{t(`oauth.providers.${provider}`)}</h2>
        <span className={`badge${config.enabled ? ' badge-accent' : ''}`}>
          {config.enabled ? t('oauth.admin.statusOn') : t('oauth.admin.statusOff')}
        </span>
      </div>
      <p className="muted small">{t('oauth.admin.callback')}</p>
      {callback ? (
        <code className="oauth-callback">{callback}</code>
      ) : (
        <p className="notice notice-danger">{t('oauth.admin.callbackUnknown')}</p>
      )}
      {/* The action keeps `saved` (the panels' key): a test must not remount the panels, which would drop what
          was typed in them while the page's data is revalidated. */}
      <PostForm
        action={`/admin/oauth${saved ? `?saved=${encodeURIComponent(saved)}` : ''}#provider-${provider}`}
        className="stack form-narrow"
        values={{ provider }}
      >
        <label className="check">
          <input type="checkbox" name="enabled" defaultChecked={typed ? typed.enabled : config.enabled} />
          <span>{t('oauth.admin.enabled')}</span>
        </label>
        {required.map((f) => field(f, true))}
        {optional.map((f) => field(f, false))}
        {result ? (
          <p className={`notice ${result.ok ? 'notice-success' : 'notice-danger'}`} role="status">
            {t(
              result.ok
                ? 'oauth.admin.testOk'
                : result.intent === 'save'
                  ? 'oauth.admin.saveFailed'
                  : 'oauth.admin.testFailed',
              { message: result.message },
            )}
          </p>
        ) : null}
        <div className="row">
          <button type="submit" name="intent" value="save" className="button button-primary">
            {t('oauth.admin.save')}
          </button>
          <button type="submit" name="intent" value="test" className="button">
            {t('oauth.admin.test')}
          </button>
        </div>
      </PostForm>
    </section>
  );
}
