import { useTranslation } from 'react-i18next';
import { Form, useActionData, useLoaderData } from 'react-router';
import { getSpace } from '#server/spaces/space.cache';
import { CsrfInput } from '~/components/csrf-input';
import { dataPageAction } from './settings.data.server';
import { requireUser } from '~/lib/guards.server';
import { pageTitle } from '~/lib/page-title';
import { requestInfo } from '~/lib/request-context.server';
import accountsCss from '~/styles/accounts.css?url';
import type { Route } from './+types/settings.data';
import { PostForm, SubmitRow } from '~/components/ui/post-form';
import { FormErrors } from '~/components/ui/field';
import { replyMessages } from '~/lib/conform';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsCss }];

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'data.title') }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireUser(request, context);
  const space = await getSpace(actor.userId);
  return { cards: space.size, tags: space.tags.length };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = requestInfo(context);
  return dataPageAction({ request, actor: requireUser(request, context), locale });
}

const MODES = ['clean', 'incremental', 'overwrite'] as const;

/** Export, import, reset and clear of the signed-in user's own data (every form works without JavaScript). */
export default function DataPage() {
  const { t } = useTranslation();
  const { cards, tags } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const staged = result && 'staged' in result ? result.staged : null;
  // A refused upload answers `{error}`; the other forms answer with the form pipeline's reply to their intent.
  const uploadError = result && 'error' in result && typeof result.error === 'string' ? result.error : null;
  const reply = result && 'intent' in result ? result : null;
  const errorsOf = (intent: string) => (reply?.intent === intent ? replyMessages(reply.result) : []);
  return (
    <main id="main" className="container page data-page">
      <h1>{t('data.title')}</h1>
      <p className="muted">{t('data.summary', { cards, tags })}</p>
      <p className="muted">
        {t('data.undoHint')} <a href="/settings/history">{t('nav.history')}</a>.
      </p>
      {uploadError ? (
        <p role="alert" className="form-error">
          {uploadError}
        </p>
      ) : null}
      <FormErrors errors={errorsOf('import')} />

      <section className="panel" aria-labelledby="export-heading">
        <h2 id="export-heading">{t('data.exportTitle')}</h2>
        <p className="muted">{t('data.exportHelp')}</p>
        {/* A download: the browser posts it to the export endpoint itself. */}
        <form method="post" action="/api/user/data/export" className="stack">
          <CsrfInput />
          <fieldset className="choice-list">
            <legend>{t('data.scope')}</legend>
            <label>
              <input type="radio" name="scope" value="full" defaultChecked /> {t('data.scopeFull')}
            </label>
            <label>
              <input type="radio" name="scope" value="sites-only" /> {t('data.scopeSites')}
            </label>
          </fieldset>
          <SubmitRow label={t('data.export')} tone="button-primary" />
        </form>
      </section>

      <section className="panel" aria-labelledby="import-heading">
        <h2 id="import-heading">{t('data.importTitle')}</h2>
        {staged ? (
          <PostForm
            className="stack"
            data-testid="import-confirm"
            intent="import"
            values={{ token: staged.token }}
          >
            <dl className="detect-result">
              <dt>{t('data.detected')}</dt>
              <dd>
                {t('data.detectedCounts', {
                  cards: staged.detect.type === 'sakuranav' ? staged.detect.counts.cards : 0,
                  tags: staged.detect.type === 'sakuranav' ? staged.detect.counts.tags : 0,
                  files: staged.detect.type === 'sakuranav' ? staged.detect.counts.files : 0,
                })}
              </dd>
              {staged.detect.type === 'sakuranav' && staged.detect.sitesOnly ? (
                <dd>{t('data.sitesOnlyFile')}</dd>
              ) : null}
              {staged.detect.type === 'sakuranav' && staged.detect.exportedAt ? (
                <dd>
                  {t('data.exportedAt', { date: staged.detect.exportedAt.slice(0, 16).replace('T', ' ') })}
                </dd>
              ) : null}
            </dl>
            <ModeChoice defaultMode={staged.mode} />
            <label className="confirm-check">
              <input type="checkbox" name="confirm" required /> {t('data.confirmImport')}
            </label>
            <div className="row">
              <button type="submit" className="button button-primary">
                {t('data.import')}
              </button>
              <a className="button button-ghost" href="/settings/data">
                {t('data.cancel')}
              </a>
            </div>
          </PostForm>
        ) : (
          <Form method="post" encType="multipart/form-data" className="stack">
            <p className="muted">{t('data.importHelp')}</p>
            <CsrfInput />
            <ModeChoice defaultMode="incremental" />
            <label>
              {t('data.file')} <input type="file" name="file" required accept=".zip,application/zip" />
            </label>
            <SubmitRow label={t('data.check')} tone="" />
          </Form>
        )}
      </section>

      <section className="panel panel-danger" aria-labelledby="reset-heading">
        <h2 id="reset-heading">{t('data.resetTitle')}</h2>
        <p>{t('data.resetHelp')}</p>
        <DangerForm
          intent="reset"
          label={t('data.reset')}
          confirm={t('data.confirmReset')}
          errors={errorsOf('reset')}
        />
        <h2 id="clear-heading">{t('data.clearTitle')}</h2>
        <p>{t('data.clearHelp')}</p>
        <DangerForm
          intent="clear"
          label={t('data.clear')}
          confirm={t('data.confirmClear')}
          errors={errorsOf('clear')}
        />
      </section>
    </main>
  );
}

function ModeChoice({ defaultMode }: { defaultMode: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="choice-list">
      <legend>{t('data.mode')}</legend>
      {MODES.map((m) => (
        <label key={m}>
          <input type="radio" name="mode" value={m} defaultChecked={m === defaultMode} />{' '}
          {t(`data.modes.${m}`)}
        </label>
      ))}
    </fieldset>
  );
}

function DangerForm({
  intent,
  label,
  confirm,
  errors,
}: {
  intent: string;
  label: string;
  confirm: string;
  errors: string[];
}) {
  return (
    <PostForm className="stack" intent={intent}>
      <FormErrors errors={errors} />
      <label className="confirm-check">
        <input type="checkbox" name="confirm" required /> {confirm}
      </label>
      <SubmitRow label={label} tone="button-danger" />
    </PostForm>
  );
}
