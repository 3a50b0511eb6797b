import { redirect } from 'react-router';
import { isAppError } from '#server/errors';
import { undoDeletion } from '#server/trash/trash.service';
import { flashCookie } from '~/lib/flash.server';
import { headersWithCookies, readForm } from '~/lib/forms.server';
import { requireUser } from '~/lib/guards.server';
import { safeReturnTo } from '~/lib/preferences';
import type { Route } from './+types/undo';

export function loader() {
  return redirect('/');
}

/** The Undo button of a deletion's toast: puts the deleted tag or cards back. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireUser(request, context);
  const form = await readForm(request);
  const back = safeReturnTo(form.get('returnTo'));
  try {
    await undoDeletion(actor, String(form.get('token') ?? ''));
  } catch (err) {
    if (!isAppError(err) || err.code !== 'not_found') throw err;
    return redirect(back, {
      headers: headersWithCookies([
        await flashCookie(request, { kind: 'error', key: 'toast.nothingToUndo' }),
      ]),
    });
  }
  return redirect(back, {
    headers: headersWithCookies([await flashCookie(request, { kind: 'success', key: 'toast.restored' })]),
  });
}
