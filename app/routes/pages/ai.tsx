// AI recommend and workflow as a plain GET form: works without JavaScript, results rendered on the server.
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { aiRecommend, aiWorkflow } from '#server/ai/ai.service';
import { isAppError } from '#server/errors';
import { safeHref } from '#server/urls/url-policy.shared';
import { requestInfo } from '~/lib/request-context.server';
import type { Route } from './+types/ai';

export const meta = () => [{ title: 'AI · SakuraNav' }];

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
  if (!q) return { q, mode, rows: [] as Row[], reasoning: '', error: null };
  const actor = requestInfo(context).actor;
  try {
    if (mode === 'workflow') {
      const r = await aiWorkflow(actor, { query: q, draft: undefined });
      const rows = r.steps.map((s) => ({
        id: s.site.id,
        name: s.site.name,
        href: safeHref(s.site.siteUrl),
        note: [s.action, s.reason].filter(Boolean).join(' — '),
      }));
      return { q, mode, rows, reasoning: r.reasoning, error: null };
    }
    const r = await aiRecommend(actor, { query: q, draft: undefined });
    const rows = r.items.map((i) => ({
      id: i.site.id,
      name: i.site.name,
      href: safeHref(i.site.siteUrl),
      note: i.reason,
    }));
    return { q, mode, rows, reasoning: r.reasoning, error: null };
  } catch (err) {
    if (isAppError(err)) return { q, mode, rows: [] as Row[], reasoning: '', error: err.code };
    throw err;
  }
}

export default function AiPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const Tag = d.mode === 'workflow' ? 'ol' : 'ul';
  return (
    <main id="main" className="container page ai-page">
      <h1>{t('ai.title')}</h1>
      <form method="get" action="/ai" className="ai-form">
        <label htmlFor="ai-q">{t('ai.question')}</label>
        <input id="ai-q" name="q" defaultValue={d.q} maxLength={500} required />
        <fieldset>
          <legend className="visually-hidden">{t('ai.mode')}</legend>
          <label>
            <input type="radio" name="mode" value="recommend" defaultChecked={d.mode === 'recommend'} />{' '}
            {t('ai.recommend')}
          </label>{' '}
          <label>
            <input type="radio" name="mode" value="workflow" defaultChecked={d.mode === 'workflow'} />{' '}
            {t('ai.workflow')}
          </label>
        </fieldset>
        <button className="button button-primary" type="submit">
          {t('ai.ask')}
        </button>
      </form>
      {d.error ? (
        <p role="alert" className="form-error">
          {d.error === 'ai_not_configured' ? t('ai.notConfigured') : t('ai.failed')}
        </p>
      ) : null}
      {d.reasoning ? <p className="ai-reasoning">{d.reasoning}</p> : null}
      {d.q && !d.error && d.rows.length === 0 ? <p>{t('ai.none')}</p> : null}
      {d.rows.length ? (
        <Tag className="ai-results" data-ai-results>
          {d.rows.map((r) => (
            <li key={r.id}>
              {r.href ? (
                <a href={r.href} target="_blank" rel="noopener noreferrer">
                  {r.name}
                </a>
              ) : (
                r.name
              )}
              {r.note ? <span className="ai-note"> — {r.note}</span> : null}
            </li>
          ))}
        </Tag>
      ) : null}
    </main>
  );
}
