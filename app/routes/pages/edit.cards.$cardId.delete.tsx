import { redirect } from 'react-router';
import { deleteCard } from '#server/cards/card-delete.service';
import { cardKind } from '#server/cards/card-kinds.shared';
import { cardDisplayName } from '~/components/dashboard/tile-view';
import { editorHref } from '~/lib/editor-links';
import { orNotFound, requireCard, returnToOf } from '~/lib/editor.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { readForm } from '~/lib/forms.server';
import { signedInUser } from '~/lib/guards.server';
import { socialTypeLabels } from '~/lib/i18n';
import { requestInfo } from '~/lib/request-context.server';
import type { Route } from './+types/edit.cards.$cardId.delete';

// Deleting a card can be undone (the toast's Undo), so it needs no confirmation page: the Delete buttons of the
// dashboard and the editors post here directly (docs/decisions.md, "Caution in proportion to the harm"). An old
// link to the former confirmation page leads to the card's editor.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const card = await requireCard(signedInUser(context), params.cardId);
  return redirect(editorHref[cardKind(card)](card.id, returnToOf(request)));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const formData = await readForm(request);
  const card = await requireCard(actor, params.cardId);
  const name = cardDisplayName(card, socialTypeLabels(requestInfo(context).locale));
  // The one deletion of every kind (a note also takes the todos it kept on linked sites).
  const { undoToken } = await orNotFound(deleteCard(actor, card.id));
  return redirectWithFlash(
    request,
    returnToOf(formData),
    {
      kind: 'success',
      key: 'editor.deleted',
      values: { name },
      undo: undoToken,
    },
    { document: true },
  );
}

/** Never shown: the loader always redirects (a 404 page for an unknown card). */
export default function DeleteCard() {
  return null;
}
