import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A friendly page for an error status; never shows internals. */
export function ErrorPage({ status, code }: { status: number; code?: string }) {
  const { t } = useTranslation();
  const [title, body] =
    code === 'csrf_failed'
      ? [t('errors.forbiddenTitle'), t('errors.csrf')]
      : code === 'untrusted_origin'
        ? [t('errors.forbiddenTitle'), t('errors.untrustedOrigin')]
        : status === 404
          ? [t('errors.notFoundTitle'), t('errors.notFoundBody')]
          : status === 403
            ? [t('errors.forbiddenTitle'), t('errors.forbiddenBody')]
            : status === 401
              ? [t('errors.unauthorizedTitle'), t('errors.unauthorizedBody')]
              : [t('errors.serverTitle'), t('errors.serverBody')];
  return (
    <main id="main" className="container page-narrow error-page">
      <p className="error-status" aria-hidden="true">
        {status}
      </p>
      <h1>{title}</h1>
      <p className="muted">{body}</p>
      <Link to="/" className="button button-primary">
        {t('errors.backHome')}
      </Link>
    </main>
  );
}
