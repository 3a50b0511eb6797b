import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { deleteTag } from '#server/tags/tag.service';
import { WarningIcon } from '~/components/icons';
import { EditorPage } from '~/components/editor/editor-shell';
import { orNotFound, requireTag, returnToOf } from '~/lib/editor.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithFlash } from '~/lib/flash.server';
import { readForm } from '~/lib/forms.server';
import { signedInUser } from '~/lib/guards.server';
import type { Route } from './+types/edit.tags.$tagId.delete';
import { ConfirmDelete } from '~/components/editor/confirm-delete';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(matches, 'editor.deleteTag.title', { name: loaderData?.tag.name ?? '' }) },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = signedInUser(context);
  const tag = await requireTag(actor, params.tagId);
  return {
    tag: { name: tag.name, count: tag.siteCount },
    returnTo: returnToOf(request),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const formData = await readForm(request);
  const tag = await requireTag(actor, params.tagId);
  const withCards = formData.get('mode') === 'tag-and-cards';
  const { undoToken, deletedCards } = await orNotFound(deleteTag(actor, tag.id, { deleteCards: withCards }));
  return redirectWithFlash(
    request,
    returnToOf(formData),
    {
      kind: 'success',
      key: withCards ? 'editor.tagDeletedWithCards' : 'editor.tagDeleted',
      values: { name: tag.name, count: deletedCards },
      undo: undoToken,
    },
    { document: true },
  );
}

export default function DeleteTagPage() {
  const { t } = useTranslation();
  const { tag, returnTo } = useLoaderData<typeof loader>();
  return (
    <EditorPage kind="tag" title={t('editor.deleteTag.title', { name: tag.name })} returnTo={returnTo}>
      <ConfirmDelete returnTo={returnTo} confirmLabel={t('editor.deleteTag.confirm')}>
        <fieldset className="editor-fieldset choice-list">
          <legend>{t('editor.deleteTag.question', { count: tag.count })}</legend>
          <label className="choice">
            <input type="radio" name="mode" value="tag-only" defaultChecked />
            <span>
              <strong>{t('editor.deleteTag.tagOnly')}</strong>
              <span className="field-hint">{t('editor.deleteTag.tagOnlyHint', { count: tag.count })}</span>
            </span>
          </label>
          <label className="choice choice-danger">
            <input type="radio" name="mode" value="tag-and-cards" disabled={tag.count === 0} />
            <span>
              <strong>{t('editor.deleteTag.withCards', { count: tag.count })}</strong>
              <span className="field-hint">{t('editor.deleteTag.withCardsHint')}</span>
            </span>
          </label>
        </fieldset>
        <div className="editor-warning">
          <WarningIcon size={20} />
          <p className="field-hint">{t('editor.undoHint')}</p>
        </div>
      </ConfirmDelete>
    </EditorPage>
  );
}
