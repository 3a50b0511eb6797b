// The version history page's form posts: one handler per intent, each a thin adapter around a snapshot service.
import { data, redirect } from 'react-router';
import type { Actor } from '#server/actor';
import { isAppError } from '#server/errors';
import { restoreSnapshot } from '#server/snapshots/snapshot-restore';
import { SnapshotLabelSchema } from '#server/snapshots/snapshot.schema';
import { createSnapshot, deleteSnapshot, renameSnapshot } from '#server/snapshots/snapshot.service';
import { redirectWithFlash } from '~/lib/flash.server';
import { isConfirmed, pageErrorMessage, readForm } from '~/lib/forms.server';
import type { Locale } from '~/lib/i18n';

const HISTORY_PATH = '/settings/history';

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};

/** Runs one intent: create, rename, delete or restore. Service errors come back to the page as `{error, id}`. */
export async function historyAction({
  request,
  actor,
  locale,
}: {
  request: Request;
  actor: Actor;
  locale: Locale;
}) {
  const form = await readForm(request);
  const intent = text(form, 'intent');
  const id = text(form, 'id');
  // Restoring and deleting cannot be undone by the page itself: without `confirm`, the post leads to the step.
  if ((intent === 'delete' || intent === 'restore') && !isConfirmed(form))
    return redirect(`${HISTORY_PATH}?${intent}=${encodeURIComponent(id)}#confirm`);
  try {
    if (intent === 'create') {
      const raw = text(form, 'label');
      const label = raw.trim() ? SnapshotLabelSchema.safeParse(raw) : null;
      if (label && !label.success)
        return data({ id, error: label.error.issues[0]!.message }, { status: 400 });
      const r = await createSnapshot(actor, { label: label?.data });
      return redirectWithFlash(
        request,
        HISTORY_PATH,
        'item' in r
          ? { kind: 'success', key: 'history.flash.created', values: { label: r.item.label } }
          : { kind: 'info', key: 'history.flash.skipped' },
      );
    }
    if (intent === 'rename') {
      const parsed = SnapshotLabelSchema.safeParse(text(form, 'label'));
      if (!parsed.success) return data({ id, error: parsed.error.issues[0]!.message }, { status: 400 });
      const s = await renameSnapshot(actor, id, parsed.data);
      return redirectWithFlash(request, HISTORY_PATH, {
        kind: 'success',
        key: 'history.flash.renamed',
        values: { label: s.label },
      });
    }
    if (intent === 'delete') {
      await deleteSnapshot(actor, id);
      return redirectWithFlash(request, HISTORY_PATH, { kind: 'success', key: 'history.flash.deleted' });
    }
    if (intent === 'restore') {
      await restoreSnapshot(actor, id);
      return redirectWithFlash(request, HISTORY_PATH, { kind: 'success', key: 'history.flash.restored' });
    }
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data({ id, error: pageErrorMessage(err, locale) }, { status: err.status });
  }
  return data({ id, error: 'Unknown action' }, { status: 400 });
}
