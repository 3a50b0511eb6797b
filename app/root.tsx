import { useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  redirect,
  useMatches,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { pageLook } from '#server/appearance/page-look';
import { env } from '#server/env';
import { getFloatingButtons } from '#server/settings/app-settings.service';
import { assetUrl } from '#server/assets/asset.dto';
import { getSettings } from '#server/settings/settings.service';
import { findUserById } from '#server/users/user.lookup';
import { otherAccounts } from '#server/auth/session.service';
import { isInitialized } from '#server/setup/setup.service';
import { ErrorPage } from '~/components/error-page';
import { SiteFooter } from '~/components/site-footer';
import { SiteHeader } from '~/components/site-header';
import { FlashToast } from '~/components/flash-toast';
import { FloatingButtons } from '~/components/floating-buttons';
import { LauncherText } from '~/components/launcher-text';
import { DEFAULT_LOCALE, LOCALE_TAGS, getI18n, type Locale } from '~/lib/i18n';
import { MUST_CHANGE_PASSWORD } from '~/lib/guards.server';
import { useNonce } from '~/lib/nonce';
import { useRootData } from '~/lib/root-data';
import { requestInfo, rootMiddleware } from '~/lib/request-context.server';
import { avatarUrlOf } from '~/lib/user-view';
import { otherAccountSessions, otherAccountTokens } from '~/lib/session.server';
import { loadsAsDocument } from '~/lib/document-load';
import { onlyLooksUp } from '~/lib/site-preview';
import { markPageReady } from '~/lib/page-ready';
import { installLauncher } from '~/client/launcher';
import enhanceUrl from '~/client/enhance.ts?worker&url';
import stylesUrl from '~/styles/app.css?url';
import type { Route } from './+types/root';

export const middleware: Route.MiddlewareFunction[] = [rootMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesUrl },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icon-192.png' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const info = requestInfo(context);
  const settings = await getSettings();
  const actor = info.actor;
  // The record the session was verified with: no second lookup per page (docs/decisions.md §35).
  const account = actor ? (info.account ?? (await findUserById(actor.userId))) : null;
  // A temporary password set by an administrator must be changed before anything else.
  if (account?.mustChangePassword && !info.actor?.impersonatedBy) {
    const path = new URL(request.url).pathname;
    if (path !== '/profile' && path !== '/logout') throw redirect(MUST_CHANGE_PASSWORD);
  }
  const user =
    actor && account
      ? {
          id: actor.userId,
          username: actor.username,
          role: actor.role,
          nickname: account.nickname,
          avatarUrl: avatarUrlOf(account),
          avatarColor: account.avatarColor,
        }
      : null;
  // Other accounts signed in on this browser, for the user menu's switcher (looked up only when there are any).
  const switchable =
    user && otherAccountTokens(request).length
      ? await otherAccounts(
          actor,
          (await otherAccountSessions(request)).map((b) => b.session),
        )
      : [];
  return {
    initialized: await isInitialized(),
    locale: info.locale,
    theme: info.theme,
    csrfToken: info.csrfToken,
    flash: info.flash,
    toastMs: env().TOAST_MS,
    siteName: settings.siteName,
    // The site logos (either one stands in for the other) and the floating buttons, drawn on every page.
    logos: logosOf(settings.lightLogoAssetId, settings.darkLogoAssetId),
    floatingButtons: await getFloatingButtons(),
    look: await pageLook(actor),
    user,
    switchable: switchable.map((a) => ({
      userId: a.userId,
      username: a.username,
      nickname: a.nickname,
      avatarUrl: a.avatarUrl,
      avatarColor: a.avatarColor,
    })),
  };
}

function logosOf(light: string | null, dark: string | null) {
  if (!light && !dark) return null;
  return { light: assetUrl((light ?? dark)!), dark: assetUrl((dark ?? light)!) };
}

export function shouldRevalidate({
  formMethod,
  formData,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // Preferences, sign-in and the like are all form posts; plain navigations need not reload the root, and neither
  // does a post that lands on a page loaded as a document (its document brings the root's data, flash included).
  if (loadsAsDocument(nextUrl.pathname) || onlyLooksUp(formData)) return false;
  return formMethod ? defaultShouldRevalidate : false;
}

interface RouteHandle {
  /** false: render this page without React on the client; ship only the small enhancement script. */
  hydrate?: boolean;
  /** Hide the shared header (pages with their own, e.g. the dashboard). */
  bareHeader?: boolean;
  /** No floating buttons (set-up and sign-in: there is nothing to search or go back to yet). */
  noFloatingButtons?: boolean;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const matches = useMatches();
  const locale: Locale = data?.locale ?? DEFAULT_LOCALE;
  const theme = data?.theme ?? 'system';
  const hydrate = !matches.some((m) => (m.handle as RouteHandle | undefined)?.hydrate === false);
  // After hydration: the page's script has taken over (app/client/enhance.ts says the same on pages without React).
  // The launcher is installed before the page says it is ready: a key pressed then finds it listening.
  useEffect(() => {
    installLauncher();
    markPageReady();
  }, []);
  return (
    <html
      lang={LOCALE_TAGS[locale]}
      data-locale={locale}
      data-theme={theme === 'system' ? undefined : theme}
      data-toast-ms={data?.toastMs}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === 'system' ? 'light dark' : theme} />
        <Meta />
        <Links />
        {data?.look?.faviconUrl ? <link rel="icon" href={data.look.faviconUrl} /> : null}
        {data?.look ? <style nonce={nonce}>{data.look.css}</style> : null}
      </head>
      <body>
        <I18nextProvider i18n={getI18n(locale)}>
          {children}
          <LauncherText />
        </I18nextProvider>
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <script type="module" src={enhanceUrl} nonce={nonce} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData();
  const matches = useMatches();
  const bare = matches.some((m) => (m.handle as RouteHandle | undefined)?.bareHeader);
  const noFloating = matches.some((m) => (m.handle as RouteHandle | undefined)?.noFloatingButtons);
  return (
    <div className="app-shell" id="top">
      <SkipLink />
      {bare ? null : <SiteHeader />}
      <Outlet />
      <SiteFooter />
      <FloatingButtons hidden={noFloating} />
      {data?.flash ? <FlashToast flash={data.flash} csrfToken={data.csrfToken} /> : null}
    </div>
  );
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t('app.skipToContent')}
    </a>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const code = isRouteErrorResponse(error) ? (error.data as { code?: string } | undefined)?.code : undefined;
  return (
    <div className="app-shell">
      <SkipLink />
      <SiteHeader />
      <ErrorPage status={status} code={code} />
      <SiteFooter />
    </div>
  );
}
