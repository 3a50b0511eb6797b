import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { deleteCard } from '#server/cards/card-delete.service';
import { CardSummary } from '~/components/editor/card-summary';
import { WarningIcon } from '~/components/icons';
import { EditorPage } from '~/components/editor/editor-shell';
import { finish, orNotFound, pageTitle, requireCard, returnToOf } from '~/lib/editor.server';
import { cardKind } from '#server/cards/card-kinds.shared';
import { notePreview } from '#server/cards/markdown-text';
import { cardDisplayName } from '~/components/dashboard/tile-view';
import { socialTypeLabels } from '~/lib/i18n';
import { requestInfo } from '~/lib/request-context.server';
import { cardDataOf } from '~/lib/editor-values';
import { readForm } from '~/lib/forms.server';
import { signedInUser } from '~/lib/guards.server';
import type { Route } from './+types/edit.cards.$cardId.delete';
import { ConfirmDelete } from '~/components/editor/confirm-delete';

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? 'SakuraNav' }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = signedInUser(context);
  const card = await requireCard(actor, params.cardId);
  const kind = cardKind(card);
  const data = cardDataOf(card);
  const name = cardDisplayName(card, socialTypeLabels(requestInfo(context).locale));
  return {
    card: {
      kind,
      name,
      cardType: card.cardType,
      url: kind === 'site' ? card.siteUrl : null,
      description: card.siteDescription,
      iconBgColor: card.iconBgColor,
      tags: card.tags.map((t) => t.name),
      todos: card.siteTodos.length,
      related: card.siteRelatedSites.length,
      excerpt:
        kind === 'note' ? notePreview(String(data.title ?? ''), String(data.content ?? '')).text : null,
    },
    returnTo: returnToOf(request),
    title: pageTitle(context, 'editor.deleteCard.title', { name }),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const formData = await readForm(request);
  const card = await requireCard(actor, params.cardId);
  const name = cardDisplayName(card, socialTypeLabels(requestInfo(context).locale));
  // The one deletion of every kind (a note also takes the todos it kept on linked sites).
  const { undoToken } = await orNotFound(deleteCard(actor, card.id));
  return finish(request, returnToOf(formData), {
    kind: 'success',
    key: 'editor.deleted',
    values: { name },
    undo: undoToken,
  });
}

export default function DeleteCardPage() {
  const { t } = useTranslation();
  const { card, returnTo } = useLoaderData<typeof loader>();
  const consequences = [
    t(`editor.deleteCard.what.${card.kind}`),
    ...(card.tags.length ? [t('editor.deleteCard.leavesTags', { tags: card.tags.join(', ') })] : []),
    ...(card.related ? [t('editor.deleteCard.related', { count: card.related })] : []),
    ...(card.todos ? [t('editor.deleteCard.todos', { count: card.todos })] : []),
    ...(card.kind === 'note' ? [t('editor.deleteCard.noteTodos')] : []),
  ];
  return (
    <EditorPage
      kind={t(`editor.kinds.${card.kind}`)}
      title={t('editor.deleteCard.title', { name: card.name })}
      returnTo={returnTo}
    >
      <ConfirmDelete returnTo={returnTo} confirmLabel={t('editor.deleteCard.confirm')}>
        <CardSummary card={card} />
        <div className="editor-warning">
          <WarningIcon size={20} />
          <div>
            <p className="editor-warning-title">{t('editor.deleteCard.willDelete')}</p>
            <ul>
              {consequences.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <p className="field-hint">{t('editor.undoHint')}</p>
          </div>
        </div>
      </ConfirmDelete>
    </EditorPage>
  );
}
