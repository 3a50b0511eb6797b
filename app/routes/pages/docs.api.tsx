import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { Fields, OperationCard } from '~/components/docs/operation';
import { referenceAreas, referenceShapes } from '~/lib/openapi/reference.server';
import { pageTitle } from '~/lib/page-title';
import { publicOrigin } from '~/lib/public-origin.server';
import docsCss from '~/styles/docs.css?url';
import type { Route } from './+types/docs.api';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: docsCss }];

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'apiDocs.title') }];

/** Public: the reference describes the API, never anyone's data. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  return { origin, areas: referenceAreas(origin), shapes: referenceShapes() };
}

export default function ApiDocsPage() {
  const { t } = useTranslation();
  const { origin, areas, shapes } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container page api-docs">
      <h1>{t('apiDocs.title')}</h1>
      <p className="muted">{t('apiDocs.intro')}</p>
      <ul className="api-facts">
        <li>
          {t('apiDocs.authFact')} <code>Authorization: Bearer sak_…</code>
        </li>
        <li>
          {t('apiDocs.errorFact')} <code>{'{"error": "…", "code": "…"}'}</code>
        </li>
        <li>
          {t('apiDocs.specFact')} <a href="/api/openapi.json">{`${origin}/api/openapi.json`}</a>
        </li>
        <li>
          {t('apiDocs.mcpFact')} <code>{`${origin}/api/mcp`}</code> (
          <a href="/profile#mcp">{t('apiDocs.mcpHow')}</a>)
        </li>
      </ul>
      <nav className="api-toc panel" aria-label={t('apiDocs.areas')}>
        <h2 className="small">{t('apiDocs.areas')}</h2>
        <ul>
          {areas.map((a) => (
            <li key={a.id}>
              <a href={`#${a.id}`}>{a.name}</a> <span className="muted small">({a.operations.length})</span>
            </li>
          ))}
          <li>
            <a href="#shapes">{t('apiDocs.shapes')}</a>
          </li>
        </ul>
      </nav>
      {areas.map((a) => (
        <section key={a.id} id={a.id} className="api-area" aria-labelledby={`${a.id}-heading`}>
          <h2 id={`${a.id}-heading`}>{a.name}</h2>
          <p className="muted">{a.description}</p>
          {a.operations.map((op) => (
            <OperationCard key={op.id} op={op} />
          ))}
        </section>
      ))}
      <section id="shapes" className="api-area" aria-labelledby="shapes-heading">
        <h2 id="shapes-heading">{t('apiDocs.shapes')}</h2>
        <p className="muted">{t('apiDocs.shapesIntro')}</p>
        {shapes.map((shape) => (
          <article key={shape.name} className="api-op" id={`shape-${shape.name}`}>
            <h3 className="api-op-title">
              <code>{shape.name}</code>
            </h3>
            <Fields rows={shape.fields} label={shape.name} />
          </article>
        ))}
      </section>
    </main>
  );
}
