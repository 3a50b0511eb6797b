import { useTranslation } from 'react-i18next';
import { Link, redirect, useActionData, useLoaderData } from 'react-router';
import { logIn } from '#server/auth/login.service';
import { clientIp } from '#server/auth/request';
import { listEnabledProviders } from '#server/oauth/oauth.flow';
import { getSettings } from '#server/settings/settings.service';
import { REGISTER_FAILED, registerUser } from '#server/users/registration.service';
import { LoginSchema, RegisterSchema } from '#server/users/user.schema';
import { AuthCard } from '~/components/auth-card';
import { NewAccountFields } from '~/components/account/new-account-fields';
import { OAuthButtons, oauthErrorKey } from '~/components/account/oauth-panels';
import { AuthForm, type AuthFields } from '~/components/auth-form';
import { inputProps } from '~/lib/conform';
import { pageTitle } from '~/lib/page-title';
import { redirectWithFlash } from '~/lib/flash.server';
import { headersWithCookies, readForm, submitForm } from '~/lib/forms.server';
import { safeReturnTo } from '~/lib/preferences';
import { requestInfo } from '~/lib/request-context.server';
import { completeSignIn, loginContext } from '~/lib/session.server';
import accountsCss from '~/styles/accounts.css?url';
import { MUST_CHANGE_PASSWORD } from '~/lib/guards.server';
import type { Route } from './+types/login';
import { FormField } from '~/components/ui/conform-fields';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsCss }];

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(matches, loaderData?.mode === 'register' ? 'auth.registerTitle' : 'auth.loginTitle') },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [{ registrationEnabled }, { providers }] = await Promise.all([getSettings(), listEnabledProviders()]);
  const wantsRegister = url.searchParams.get('mode') === 'register';
  const mode = wantsRegister && registrationEnabled ? 'register' : 'login';
  const actor = requestInfo(context).actor;
  return {
    mode,
    registrationEnabled,
    // Asked for the registration form while registration is closed: the sign-in form says why it is shown.
    registrationClosed: wantsRegister && !registrationEnabled,
    redirectTo: safeReturnTo(url.searchParams.get('redirectTo')),
    signedInAs: actor?.username ?? null,
    providers,
    oauthError:
      url.searchParams.get('oauth') === 'error' ? oauthErrorKey(url.searchParams.get('reason')) : null,
  } as const;
}

const LOGIN = { schema: LoginSchema, hideFields: ['password'] };
const REGISTER = {
  schema: RegisterSchema,
  hideFields: ['password', 'confirmPassword'],
  // The service's one refusal of a name (taken or not, it does not say) belongs on the name field.
  field: (err: unknown) =>
    (err as { message?: string }).message === REGISTER_FAILED ? 'username' : undefined,
};

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { locale } = requestInfo(context);
  const redirectTo = safeReturnTo(formData.get('redirectTo'));
  if (formData.get('intent') === 'register') {
    return submitForm(formData, { ...REGISTER, locale, intent: 'register' }, async (value) => {
      const user = await registerUser(value, { ip: clientIp(request) });
      // The API does not sign a new account in (like the older service); the page does, which is friendlier.
      const cookies = await completeSignIn(request, user.id, { persistent: false });
      const welcome = { kind: 'success', key: 'auth.welcome', values: { name: user.username } } as const;
      return redirectWithFlash(request, redirectTo, welcome, { cookies });
    });
  }
  return submitForm(formData, { ...LOGIN, locale, intent: 'login' }, async (value) => {
    const user = await logIn(value, await loginContext(request));
    const cookies = await completeSignIn(request, user.userId, { persistent: value.rememberMe });
    const to = user.mustChangePassword ? MUST_CHANGE_PASSWORD : redirectTo;
    return redirect(to, { headers: headersWithCookies(cookies) });
  });
}

export const handle = { noFloatingButtons: true };

export default function LoginPage() {
  const { t } = useTranslation();
  const { mode, registrationEnabled, registrationClosed, redirectTo, signedInAs, providers, oauthError } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = redirectTo !== '/' ? `&redirectTo=${encodeURIComponent(redirectTo)}` : '';
  // The sign-in and the registration form (one at a time), each with the result of its own last post.
  const form = {
    id: `${mode}-form`,
    lastResult: actionData?.intent === mode ? actionData.result : undefined,
    intent: mode,
    values: { redirectTo },
    submitLabel: t(`auth.${mode}Submit`),
  };
  return (
    <AuthCard
      title={mode === 'register' ? t('auth.registerTitle') : t('auth.loginTitle')}
      intro={mode === 'register' ? t('auth.registerIntro') : t('auth.loginIntro')}
    >
      {signedInAs ? (
        <p className="notice auth-notice" role="note">
          {t('auth.alreadySignedIn', { name: signedInAs })}
        </p>
      ) : null}
      {registrationClosed ? (
        <p className="notice auth-notice" role="status" id="registration-closed">
          {t('auth.registrationClosed')}
        </p>
      ) : null}
      {oauthError ? (
        <p className="notice notice-danger auth-notice" role="alert" id="oauth-error">
          {t(oauthError)}
        </p>
      ) : null}
      {mode === 'register' ? (
        <AuthForm key="register" schema={RegisterSchema} {...form}>
          {(fields) => (
            <NewAccountFields
              fields={fields}
              usernameLabel={t('auth.username')}
              usernameHint={t('auth.usernameHint')}
            />
          )}
        </AuthForm>
      ) : (
        <AuthForm key="login" schema={LoginSchema} {...form}>
          {(fields) => <LoginFields fields={fields} />}
        </AuthForm>
      )}
      <OAuthButtons providers={providers} />
      {mode === 'register' ? (
        <p className="auth-switch">
          {t('auth.haveAccount')} <Link to={`/login?mode=login${back}`}>{t('auth.toLogin')}</Link>
        </p>
      ) : registrationEnabled ? (
        <p className="auth-switch">
          {t('auth.noAccount')} <Link to={`/login?mode=register${back}`}>{t('auth.toRegister')}</Link>
        </p>
      ) : null}
    </AuthCard>
  );
}

/** Username, password and "remember me" of the sign-in form. */
function LoginFields({ fields }: { fields: AuthFields<typeof LoginSchema> }) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        label={t('auth.username')}
        field={fields.username}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <FormField
        label={t('auth.password')}
        field={fields.password}
        type="password"
        autoComplete="current-password"
      />
      <label className="check">
        <input {...inputProps(fields.rememberMe, { type: 'checkbox' })} key={fields.rememberMe.key} />
        <span>{t('auth.rememberMe')}</span>
      </label>
    </>
  );
}
