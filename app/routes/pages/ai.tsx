// AI recommend and workflow as a plain GET form: works without JavaScript, results rendered on the server.
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { aiConfigured } from '#server/ai/ai-config';
import { aiRecommend, aiWorkflow } from '#server/ai/ai.service';
import { isAppError } from '#server/errors';
import { safeHref } from '#server/urls/url-policy.shared';
import { Field } from '~/components/ui/field';
import { Panel } from '~/components/ui/panel';
import { pageTitle } from '~/lib/page-title';
import { requestInfo } from '~/lib/request-context.server';
import accountsCss from '~/styles/accounts.css?url';
import type { Route } from './+types/ai';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsCss }];

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'ai.title') }];

interface Row {
  id: string;
  name: string;
  href: string | null;
  note: string;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 500);
  const mode = url.searchParams.get('mode') === 'workflow' ? 'workflow' : 'recommend';
  const actor = requestInfo(context).actor;
  const admin = actor?.role === 'admin';
  // Without a provider the page says so at once: no question is sent anywhere.
  if (!(await aiConfigured()))
    return { q, mode, ready: false, admin, rows: [] as Row[], reasoning: '', error: null };
  if (!q) return { q, mode, ready: true, admin, rows: [] as Row[], reasoning: '', error: null };
  try {
    if (mode === 'workflow') {
      const r = await aiWorkflow(actor, { query: q, draft: undefined });
      const rows = r.steps.map((s) => ({
        id: s.site.id,
        name: s.site.name,
        href: safeHref(s.site.siteUrl),
        note: [s.action, s.reason].filter(Boolean).join(' — '),
      }));
      return { q, mode, ready: true, admin, rows, reasoning: r.reasoning, error: null };
    }
    const r = await aiRecommend(actor, { query: q, draft: undefined });
    const rows = r.items.map((i) => ({
      id: i.site.id,
      name: i.site.name,
      href: safeHref(i.site.siteUrl),
      note: i.reason,
    }));
    return { q, mode, ready: true, admin, rows, reasoning: r.reasoning, error: null };
  } catch (err) {
    if (isAppError(err)) {
      return { q, mode, ready: true, admin, rows: [] as Row[], reasoning: '', error: err.code };
    }
    throw err;
  }
}

export default function AiPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const List = d.mode === 'workflow' ? 'ol' : 'ul';
  return (
    <main id="main" className="container page ai-page">
      <h1>{t('ai.title')}</h1>
      <p className="muted">{t('ai.intro')}</p>
      {!d.ready || d.error === 'ai_not_configured' ? (
        <p className="notice" role="status" data-ai-off>
          {t('ai.notConfigured')} {d.admin ? <a href="/settings/site#ai">{t('ai.configure')}</a> : null}
        </p>
      ) : null}
      <Panel id="ask" title={t('ai.askTitle')}>
        <form method="get" action="/ai" className="stack form-narrow ai-form">
          <Field
            label={t('ai.question')}
            id="ai-q"
            name="q"
            defaultValue={d.q}
            maxLength={500}
            required
            disabled={!d.ready}
          />
          <fieldset className="choice-list" disabled={!d.ready}>
            <legend>{t('ai.mode')}</legend>
            <label>
              <input type="radio" name="mode" value="recommend" defaultChecked={d.mode === 'recommend'} />
              <span>{t('ai.recommend')}</span>
            </label>
            <label>
              <input type="radio" name="mode" value="workflow" defaultChecked={d.mode === 'workflow'} />
              <span>{t('ai.workflow')}</span>
            </label>
          </fieldset>
          <div className="row">
            <button className="button button-primary" type="submit" disabled={!d.ready}>
              {t('ai.ask')}
            </button>
          </div>
        </form>
      </Panel>
      {d.q && d.ready && d.error !== 'ai_not_configured' ? (
        <Panel id="answer" title={t('ai.answerTitle')}>
          {d.error ? (
            <p role="alert" className="notice notice-danger">
              {t('ai.failed')}
            </p>
          ) : null}
          {d.reasoning ? <p className="ai-reasoning muted">{d.reasoning}</p> : null}
          {!d.error && d.rows.length === 0 ? <p className="empty-state">{t('ai.none')}</p> : null}
          {d.rows.length ? (
            <List className="ai-results" data-ai-results>
              {d.rows.map((r) => (
                <li key={r.id}>
                  {r.href ? (
                    <a href={r.href} target="_blank" rel="noopener noreferrer">
                      {r.name}
                    </a>
                  ) : (
                    <strong>{r.name}</strong>
                  )}
                  {r.note ? <span className="ai-note muted"> — {r.note}</span> : null}
                </li>
              ))}
            </List>
          ) : null}
        </Panel>
      ) : null}
    </main>
  );
}
