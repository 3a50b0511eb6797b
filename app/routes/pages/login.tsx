import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useTranslation } from 'react-i18next';
import { Link, data, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { logIn } from '#server/auth/login.service';
import { clientIp } from '#server/auth/request';
import { listEnabledProviders } from '#server/oauth/oauth.flow';
import { getSettings } from '#server/settings/settings.service';
import { REGISTER_FAILED, registerUser } from '#server/users/registration.service';
import { LoginSchema, RegisterSchema } from '#server/users/user.schema';
import { AuthCard } from '~/components/auth-card';
import { NewAccountFields } from '~/components/account/new-account-fields';
import { OAuthButtons, oauthErrorKey } from '~/components/account/oauth-panels';
import { FormErrors } from '~/components/ui/field';
import { replyWithError } from '~/lib/forms.server';
import { inputProps, useZodForm } from '~/lib/conform';
import { pageTitle } from '~/lib/page-title';
import { flashCookie } from '~/lib/flash.server';
import { headersWithCookies, readForm } from '~/lib/forms.server';
import { safeReturnTo } from '~/lib/preferences';
import { requestInfo } from '~/lib/request-context.server';
import { completeSignIn, loginContext } from '~/lib/session.server';
import accountsCss from '~/styles/accounts.css?url';
import { MUST_CHANGE_PASSWORD } from '~/lib/guards.server';
import type { Route } from './+types/login';
import { FormField } from '~/components/ui/conform-fields';
import { PostForm } from '~/components/ui/post-form';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsCss }];

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(matches, loaderData?.mode === 'register' ? 'auth.registerTitle' : 'auth.loginTitle') },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [{ registrationEnabled }, { providers }] = await Promise.all([getSettings(), listEnabledProviders()]);
  const mode = url.searchParams.get('mode') === 'register' && registrationEnabled ? 'register' : 'login';
  const actor = requestInfo(context).actor;
  return {
    mode,
    registrationEnabled,
    redirectTo: safeReturnTo(url.searchParams.get('redirectTo')),
    signedInAs: actor?.username ?? null,
    providers,
    oauthError:
      url.searchParams.get('oauth') === 'error' ? oauthErrorKey(url.searchParams.get('reason')) : null,
  } as const;
}

const PASSWORDS = ['password', 'confirmPassword'];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { locale } = requestInfo(context);
  const redirectTo = safeReturnTo(formData.get('redirectTo'));
  if (formData.get('intent') === 'register') {
    const submission = parseWithZod(formData, { schema: RegisterSchema });
    if (submission.status !== 'success') {
      return data(
        { intent: 'register', result: submission.reply({ hideFields: PASSWORDS }) },
        { status: 400 },
      );
    }
    try {
      const user = await registerUser(submission.value, { ip: clientIp(request) });
      // The API does not sign a new account in (like the older service); the page does, which is friendlier.
      const cookies = await completeSignIn(request, user.id, { persistent: false });
      cookies.push(
        await flashCookie(request, { kind: 'success', key: 'auth.welcome', values: { name: user.username } }),
      );
      return redirect(redirectTo, { headers: headersWithCookies(cookies) });
    } catch (err) {
      const taken = (err as { message?: string }).message === REGISTER_FAILED;
      const { result, status } = replyWithError(submission, err, locale, {
        field: taken ? 'username' : undefined,
        hideFields: PASSWORDS,
      });
      return data({ intent: 'register', result }, { status });
    }
  }
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== 'success') {
    return data({ intent: 'login', result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  }
  try {
    const user = await logIn(submission.value, await loginContext(request));
    const cookies = await completeSignIn(request, user.userId, { persistent: submission.value.rememberMe });
    const to = user.mustChangePassword ? MUST_CHANGE_PASSWORD : redirectTo;
    return redirect(to, { headers: headersWithCookies(cookies) });
  } catch (err) {
    const { result, status } = replyWithError(submission, err, locale, { hideFields: ['password'] });
    return data({ intent: 'login', result }, { status });
  }
}

export const handle = { noFloatingButtons: true };

export default function LoginPage() {
  const { t } = useTranslation();
  const { mode, registrationEnabled, redirectTo, signedInAs, providers, oauthError } =
    useLoaderData<typeof loader>();
  const back = redirectTo !== '/' ? `&redirectTo=${encodeURIComponent(redirectTo)}` : '';
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
      {oauthError ? (
        <p className="notice notice-danger auth-notice" role="alert" id="oauth-error">
          {t(oauthError)}
        </p>
      ) : null}
      {mode === 'register' ? <RegisterForm redirectTo={redirectTo} /> : <LoginForm redirectTo={redirectTo} />}
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

function LoginForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(LoginSchema, {
    id: 'login-form',
    lastResult: actionData?.intent === 'login' ? actionData.result : undefined,
  });
  return (
    <PostForm {...getFormProps(form)} className="stack" intent="login" values={{ redirectTo }}>
      <FormErrors errors={form.errors} id={form.errorId} />
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
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={navigation.state === 'submitting'}
      >
        {t('auth.loginSubmit')}
      </button>
    </PostForm>
  );
}

function RegisterForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(RegisterSchema, {
    id: 'register-form',
    lastResult: actionData?.intent === 'register' ? actionData.result : undefined,
  });
  return (
    <PostForm {...getFormProps(form)} className="stack" intent="register" values={{ redirectTo }}>
      <FormErrors errors={form.errors} id={form.errorId} />
      <NewAccountFields
        fields={fields}
        usernameLabel={t('auth.username')}
        usernameHint={t('auth.usernameHint')}
      />
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={navigation.state === 'submitting'}
      >
        {t('auth.registerSubmit')}
      </button>
    </PostForm>
  );
}
