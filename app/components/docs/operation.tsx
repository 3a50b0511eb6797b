import { useTranslation } from 'react-i18next';
import type { FieldRow, OperationView } from '~/lib/openapi/reference.server';

export function Fields({ rows, label }: { rows: FieldRow[]; label: string }) {
  const { t } = useTranslation();
  return (
    <ul className="api-fields" aria-label={label}>
      {rows.map((r) => (
        <li key={r.name}>
          <code className="api-field-name">{r.name}</code>
          <span className="api-field-type">
            {r.shape ? <a href={`#shape-${r.shape}`}>{r.type}</a> : r.type}
          </span>
          {r.required ? <span className="badge">{t('apiDocs.required')}</span> : null}
          {r.note ? <span className="api-field-note">{r.note}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** Text with `code` spans (the error descriptions are shared with the OpenAPI document, which is Markdown). */
function CodeText({ text }: { text: string }) {
  return <>{text.split('`').map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part))}</>;
}

/** One method of one route: what it takes, what it answers, who may call it, and a curl example. */
export function OperationCard({ op }: { op: OperationView }) {
  const { t } = useTranslation();
  return (
    <article className="api-op" id={op.id} aria-labelledby={`${op.id}-title`}>
      <h3 className="api-op-title" id={`${op.id}-title`}>
        <span className={`api-method api-method-${op.method.toLowerCase()}`}>{op.method}</span>
        <code className="api-path">{op.path}</code>
      </h3>
      <p className="api-summary">{op.summary}</p>
      {op.description ? <p className="muted small">{op.description}</p> : null}
      <p className="small">
        <strong>{t('apiDocs.auth')}:</strong> {op.auth}
      </p>
      {op.params.length ? (
        <>
          <h4>{t('apiDocs.parameters')}</h4>
          <Fields rows={op.params} label={t('apiDocs.parameters')} />
        </>
      ) : null}
      {op.bodyType ? (
        <>
          <h4>
            {t('apiDocs.body')} <span className="muted small">{op.bodyType}</span>
          </h4>
          {op.body ? <Fields rows={op.body} label={t('apiDocs.body')} /> : null}
        </>
      ) : null}
      <h4>
        {t('apiDocs.response')} <span className="badge">{op.status}</span>{' '}
        <span className="muted small">{op.responseType}</span>
      </h4>
      {op.response ? <Fields rows={op.response} label={t('apiDocs.response')} /> : null}
      {op.errors.length ? (
        <>
          <h4>{t('apiDocs.errors')}</h4>
          <ul className="api-errors">
            {op.errors.map((e) => (
              <li key={e.status}>
                <span className="badge badge-danger">{e.status}</span> <CodeText text={e.text} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h4>{t('apiDocs.example')}</h4>
      <pre className="code-block api-curl">
        <code>{op.curl}</code>
      </pre>
    </article>
  );
}
