// The version history page's form posts: one handler per intent, each a thin adapter around a snapshot service.
import { data, redirect } from 'react-router';
import type { Actor } from '#server/actor';
import { restoreSnapshot } from '#server/snapshots/snapshot-restore';
import {
  SnapshotIdFormSchema,
  SnapshotRenameFormSchema,
  SnapshotTakeFormSchema,
} from '#server/snapshots/snapshot.schema';
import { createSnapshot, deleteSnapshot, renameSnapshot } from '#server/snapshots/snapshot.service';
import { redirectWithFlash } from '~/lib/flash.server';
import { isConfirmed, readForm, submitForm } from '~/lib/forms.server';
import type { Locale } from '~/lib/i18n';

const HISTORY_PATH = '/settings/history';

/**
 * Runs one intent (create, rename, delete or restore) through the form pipeline: the reply comes back tagged with
 * its intent, and a row's errors carry its `id` among the reply's values.
 */
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
  const intent = String(form.get('intent') ?? '');
  switch (intent) {
    case 'create':
      return submitForm(form, { schema: SnapshotTakeFormSchema, locale, intent }, async (value) => {
        const r = await createSnapshot(actor, { label: value.label });
        return redirectWithFlash(
          request,
          HISTORY_PATH,
          'item' in r
            ? { kind: 'success', key: 'history.flash.created', values: { label: r.item.label } }
            : { kind: 'info', key: 'history.flash.skipped' },
        );
      });
    case 'rename':
      return submitForm(form, { schema: SnapshotRenameFormSchema, locale, intent }, async (value) => {
        const s = await renameSnapshot(actor, value.id, value.label);
        return redirectWithFlash(request, HISTORY_PATH, {
          kind: 'success',
          key: 'history.flash.renamed',
          values: { label: s.label },
        });
      });
    case 'delete':
    case 'restore': {
      // Restoring and deleting cannot be undone by the page itself: without `confirm`, the post leads to the step.
      if (!isConfirmed(form)) {
        const id = String(form.get('id') ?? '');
        return redirect(`${HISTORY_PATH}?${intent}=${encodeURIComponent(id)}#confirm`);
      }
      return submitForm(form, { schema: SnapshotIdFormSchema, locale, intent }, async (value) => {
        if (intent === 'delete') await deleteSnapshot(actor, value.id);
        else await restoreSnapshot(actor, value.id);
        return redirectWithFlash(request, HISTORY_PATH, {
          kind: 'success',
          key: intent === 'delete' ? 'history.flash.deleted' : 'history.flash.restored',
        });
      });
    }
    default:
      throw data({ code: 'bad_request' }, { status: 400 });
  }
}
