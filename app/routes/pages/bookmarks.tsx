import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData } from 'react-router';
import { aiConfigured } from '#server/ai/ai-config';
import type { BookmarkFormat } from '#server/bookmarks/bookmark.schema';
import { listTags } from '#server/tags/tag.service';
import { PreviewForm } from '~/components/bookmarks/preview-form';
import { bookmarksAction } from './bookmarks.server';
import { requireUser } from '~/lib/guards.server';
import { pageTitle } from '~/lib/page-title';
import { requestInfo } from '~/lib/request-context.server';
import accountsCss from '~/styles/accounts.css?url';
import type { Route } from './+types/bookmarks';
import { PostForm } from '~/components/ui/post-form';
import { replyMessages } from '~/lib/conform';
import { useErrorText } from '~/lib/use-error-text';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsCss }];

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'bookmarks.title') }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireUser(request, context);
  return {
    tags: (await listTags(actor)).map((t) => ({ id: t.id, name: t.name })),
    aiReady: await aiConfigured(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = requestInfo(context);
  return bookmarksAction({ request, actor: requireUser(request, context), locale });
}

/** Browser bookmarks in and out: upload -> preview (tags, duplicates) -> confirm; and the export download. */
export default function BookmarksPage() {
  const { t } = useTranslation();
  const { tags, aiReady } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // The upload answers `{preview}` or `{error}`; a refused confirmation the pipeline's reply with its preview again
  // (null when the preview is gone: the upload is offered with the reply's errors).
  const preview = result && 'preview' in result ? result.preview : null;
  const reply = result && 'result' in result ? result.result : undefined;
  const errorText = useErrorText();
  const uploadErrors = [
    ...(result && 'error' in result ? [result.error] : []),
    ...(preview ? [] : replyMessages(reply)),
  ];
  return (
    <main id="main" className="container page bookmarks-page">
      <h1>{t('bookmarks.title')}</h1>
      {preview ? (
        <section className="panel" aria-labelledby="preview-heading">
          <h2 id="preview-heading">{t('bookmarks.previewTitle')}</h2>
          {preview.format === 'ai' ? (
            <p className="muted">{t('bookmarks.aiPreviewNote')}</p>
          ) : (
            <p className="muted" data-preview-format={preview.format}>
              {t('dashboardImport.readAs', {
                format: t(`dashboardImport.format.${preview.format as BookmarkFormat}`),
              })}
            </p>
          )}
          <PreviewForm
            token={preview.token}
            count={preview.count}
            listed={preview.listed}
            duplicates={preview.duplicates}
            ignored={preview.ignored}
            tags={tags}
            lastResult={reply}
          />
        </section>
      ) : (
        <section className="panel" aria-labelledby="import-heading">
          <h2 id="import-heading">{t('bookmarks.importTitle')}</h2>
          <p className="muted">{t('bookmarks.importHelp')}</p>
          <p className="muted">{t('dashboardImport.formats')}</p>
          <PostForm encType="multipart/form-data">
            {aiReady ? (
              // Before the file field: the server reads the fields sent ahead of the file.
              <p>
                <label className="checkbox">
                  <input type="checkbox" name="ai" /> {t('bookmarks.useAi')}
                </label>
                <br />
                <span className="muted">{t('bookmarks.useAiHint')}</span>
              </p>
            ) : null}
            <label>
              {t('bookmarks.file')}{' '}
              <input
                type="file"
                name="file"
                required
                accept=".html,.htm,.md,.markdown,.txt,.csv,.json,.yml,.yaml,text/html,text/plain,text/csv,application/json,application/yaml"
              />
            </label>{' '}
            <button type="submit" className="button button-primary">
              {t('bookmarks.preview')}
            </button>
          </PostForm>
          {uploadErrors.map((message) => (
            <p key={message} role="alert" className="form-error">
              {errorText(message)}
            </p>
          ))}
        </section>
      )}
      <section className="panel" aria-labelledby="export-heading">
        <h2 id="export-heading">{t('bookmarks.exportTitle')}</h2>
        <p className="muted">{t('bookmarks.exportHelp')}</p>
        <a className="button" href="/api/site-cards/export" download>
          {t('bookmarks.export')}
        </a>
      </section>
    </main>
  );
}
