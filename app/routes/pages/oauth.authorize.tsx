import { useTranslation } from 'react-i18next';
import { Form, Link, data, redirect, useActionData, useLoaderData } from 'react-router';
import { isAppError } from '#server/errors';
import {
  approveAuthorization,
  checkAuthorizeRequest,
  denyAuthorization,
  type AuthorizeCheck,
} from '#server/mcp-oauth/authorize.service';
import { AuthorizeRequestSchema, ConsentSchema } from '#server/mcp-oauth/mcp-oauth.schema';
import { AuthCard } from '~/components/auth-card';
import { CsrfInput } from '~/components/csrf-input';
import { readForm } from '~/lib/forms.server';
import { requireUser } from '~/lib/guards.server';
import { pageTitle } from '~/lib/page-title';
import { publicOrigin } from '~/lib/public-origin.server';
import accountsCss from '~/styles/accounts.css?url';
import type { Route } from './+types/oauth.authorize';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsCss }];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, 'mcpOauth.consent.title') },
];

type Problem = 'unknown_client' | 'bad_redirect_uri' | 'forbidden' | 'conflict';

/** The authorization request in the URL, checked; a problem to show, or a redirect back to the client. */
async function check(request: Request): Promise<Extract<AuthorizeCheck, { ok: true }>['request'] | Problem> {
  const query = AuthorizeRequestSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  // Parameters past their bounds cannot be trusted to name a redirect address either.
  if (!query.success) return 'bad_redirect_uri';
  const checked = await checkAuthorizeRequest(query.data, publicOrigin(request));
  if (checked.ok) return checked.request;
  if (checked.problem === 'redirect') throw redirect(checked.redirectTo);
  return checked.problem;
}

const problemAnswer = (problem: Problem, status = 400) => data({ problem, consent: null }, { status });

/**
 * GET /oauth/authorize (MCP authorization, docs/decisions.md §69): the consent page. The request is checked before
 * anything else (an unknown app is not sent through sign-in); a signed-out visitor signs in and comes back here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const checked = await check(request);
  if (typeof checked === 'string') return problemAnswer(checked);
  const actor = requireUser(request, context);
  return data(
    { problem: null, consent: { ...checked, username: actor.username } },
    {
      // The form's answer redirects to the app: the page's form-action must allow its origin (app/entry.server.tsx).
      headers: { 'x-form-action-origin': new URL(checked.redirectUri).origin, 'Cache-Control': 'no-store' },
    },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Allow or Deny, a plain form post (CSRF-checked); the browser goes back to the app with a code or an error. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireUser(request, context);
  const form = await readForm(request);
  const checked = await check(request);
  if (typeof checked === 'string') return problemAnswer(checked);
  const consent = ConsentSchema.safeParse({
    decision: form.get('decision'),
    access: form.get('access') ?? undefined,
  });
  if (!consent.success) throw data({ code: 'bad_request' }, { status: 400 });
  const origin = publicOrigin(request);
  if (consent.data.decision === 'deny') return redirect(denyAuthorization(checked, origin));
  try {
    return redirect(await approveAuthorization(actor, checked, consent.data.access, origin));
  } catch (err) {
    if (isAppError(err) && (err.code === 'forbidden' || err.code === 'conflict')) {
      return problemAnswer(err.code, err.status);
    }
    throw err;
  }
}

export default function AuthorizePage() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const problem = acted?.problem ?? loaded.problem;
  const consent = loaded.consent;
  if (problem || !consent) {
    return (
      <AuthCard title={t('mcpOauth.error.title')}>
        <p role="alert" className="notice">
          {t(`mcpOauth.error.${problem ?? 'unknown_client'}`)}
        </p>
        <p>
          <Link to="/">{t('mcpOauth.error.back')}</Link>
        </p>
      </AuthCard>
    );
  }
  const canWrite = consent.maxAccess === 'write';
  return (
    <AuthCard title={t('mcpOauth.consent.heading', { client: consent.clientName })}>
      <p className="muted auth-intro">{t('mcpOauth.consent.intro', { user: `@${consent.username}` })}</p>
      <dl className="consent-facts">
        <dt>{t('mcpOauth.consent.appLabel')}</dt>
        <dd>{consent.clientName}</dd>
        <dt>{t('mcpOauth.consent.redirectLabel')}</dt>
        <dd className="mono">{consent.redirectHost}</dd>
      </dl>
      <p className="small muted">{t('mcpOauth.consent.unverified')}</p>
      <Form method="post" className="consent-form">
        <CsrfInput />
        <fieldset className="choice-list">
          <legend>{t('mcpOauth.consent.accessLegend')}</legend>
          <label className="consent-choice">
            <input type="radio" name="access" value="read" defaultChecked={!canWrite} />
            <span>
              <strong>{t('mcpOauth.consent.read')}</strong>
              <span className="field-hint">{t('mcpOauth.consent.readHint')}</span>
            </span>
          </label>
          {canWrite ? (
            <label className="consent-choice">
              <input type="radio" name="access" value="write" defaultChecked />
              <span>
                <strong>{t('mcpOauth.consent.write')}</strong>
                <span className="field-hint">{t('mcpOauth.consent.writeHint')}</span>
              </span>
            </label>
          ) : (
            <p className="small muted">{t('mcpOauth.consent.readOnlyAsked')}</p>
          )}
        </fieldset>
        <div className="row consent-buttons">
          <button type="submit" name="decision" value="allow" className="button button-primary">
            {t('mcpOauth.consent.allow')}
          </button>
          <button type="submit" name="decision" value="deny" className="button">
            {t('mcpOauth.consent.deny')}
          </button>
        </div>
      </Form>
      <p className="small muted">{t('mcpOauth.consent.revokeHint')}</p>
    </AuthCard>
  );
}
