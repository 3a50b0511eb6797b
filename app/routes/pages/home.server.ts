import type { Actor } from '#server/actor';
import { BulkCardsSchema } from '#server/cards/card-bulk.schema';
import { bulkUpdateCards } from '#server/cards/card-bulk.service';
import { isAppError } from '#server/errors';
import { listNavigationTags } from '#server/navigation/navigation.service';
import { redirectWithFlash } from '~/lib/flash.server';
import { submitForm } from '~/lib/forms.server';
import { getI18n, type Locale } from '~/lib/i18n';
import { safeReturnTo } from '~/lib/preferences';

/**
 * The selection bar's post (`intent=bulk`): the ticked cards' `ids`, an `op` and, for tag operations, `tagId`
 * (`fromTagId` is the tag being looked at), on the form pipeline. Done, it answers with the dashboard and a message
 * whose Undo takes it back; refused (nothing ticked, no tag chosen, too many, cards gone meanwhile), with the reply
 * the dashboard draws in the bar, its cards still ticked (the bar posts to the view it is on).
 */
export function bulkCardsAction(request: Request, actor: Actor, form: FormData, locale: Locale) {
  const back = safeReturnTo(form.get('returnTo'), '/?edit=1');
  const { t } = getI18n(locale);
  return submitForm(
    form,
    {
      schema: BulkCardsSchema,
      locale,
      intent: 'bulk',
      // Gone meanwhile (deleted in another tab), or refused by a rule (too many tags on a card): nothing changed.
      errors: (err) =>
        isAppError(err)
          ? { formErrors: [t(err.code === 'not_found' ? 'bulk.gone' : 'bulk.failed')] }
          : undefined,
    },
    async (input) => {
      const result = await bulkUpdateCards(actor, input);
      const count = result.changedIds.length;
      const skipped = result.skippedIds.length;
      if (!count) {
        return redirectWithFlash(request, back, {
          kind: 'info',
          key: skipped ? 'bulk.onlySkipped' : 'bulk.nothingChanged',
          values: { skipped },
        });
      }
      const tag = input.tagId
        ? (await listNavigationTags(actor, { includeHidden: true })).find((x) => x.id === input.tagId)?.name
        : undefined;
      return redirectWithFlash(request, back, {
        kind: 'success',
        key: `bulk.done.${input.op}${skipped ? 'Skipped' : ''}`,
        values: { count, skipped, tag: tag ?? '' },
        ...(result.undoToken ? { undo: result.undoToken } : {}),
      });
    },
  );
}
