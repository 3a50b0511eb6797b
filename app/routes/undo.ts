import { redirect } from 'react-router';
import { isAppError } from '#server/errors';
import { restoreSnapshot } from '#server/snapshots/snapshot-restore';
import { undoChange } from '#server/trash/trash.service';
import { redirectWithFlash } from '~/lib/flash.server';
import { readForm } from '~/lib/forms.server';
import { requireUser } from '~/lib/guards.server';
import { safeReturnTo } from '~/lib/preferences';
import type { Route } from './+types/undo';

export function loader() {
  return redirect('/');
}

/**
 * The Undo button of a toast: puts a deletion's tag or cards back (`token`), or restores the snapshot taken before
 * an import (`snapshot`, which itself takes a snapshot first, so the undo can be undone from the history).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireUser(request, context);
  const form = await readForm(request);
  const back = safeReturnTo(form.get('returnTo'));
  const snapshot = form.get('snapshot');
  try {
    if (typeof snapshot === 'string' && snapshot) await restoreSnapshot(actor, snapshot);
    else await undoChange(actor, String(form.get('token') ?? ''));
  } catch (err) {
    if (!isAppError(err)) throw err;
    // Gone (expired, or undone already) or refused for now (a restore of this space is running).
    const key = err.code === 'not_found' ? 'toast.nothingToUndo' : 'errors.generic';
    return redirectWithFlash(request, back, { kind: 'error', key });
  }
  return redirectWithFlash(request, back, {
    kind: 'success',
    key: snapshot ? 'toast.importUndone' : 'toast.restored',
  });
}
