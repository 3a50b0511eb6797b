import { parseWithZod } from '@conform-to/zod/v4';
import type { Actor } from '#server/actor';
import { BulkCardsSchema, type BulkOp } from '#server/cards/card-bulk.schema';
import { bulkUpdateCards } from '#server/cards/card-bulk.service';
import { isAppError } from '#server/errors';
import { listNavigationTags } from '#server/navigation/navigation.service';
import { redirectWithFlash, type Flash } from '~/lib/flash.server';
import { safeReturnTo } from '~/lib/preferences';

/** The message of a refused selection (nothing ticked, no tag chosen, too many). */
function refusal(fields: string[]): Flash {
  const key = fields.includes('tagId')
    ? 'bulk.chooseTag'
    : fields.includes('ids')
      ? 'bulk.noneSelected'
      : 'bulk.failed';
  return { kind: 'error', key };
}

/**
 * The selection bar's post (`intent=bulk`): the ticked cards' `ids`, an `op` and, for tag operations, `tagId`
 * (`fromTagId` is the tag being looked at). Answers with the dashboard and a message whose Undo takes it back.
 */
export async function bulkCardsAction(request: Request, actor: Actor, form: FormData): Promise<Response> {
  const back = safeReturnTo(form.get('returnTo'), '/?edit=1');
  const submission = parseWithZod(form, { schema: BulkCardsSchema });
  if (submission.status !== 'success') {
    return redirectWithFlash(request, back, refusal(Object.keys(submission.error ?? {})));
  }
  const input = submission.value;
  let result;
  try {
    result = await bulkUpdateCards(actor, input);
  } catch (err) {
    if (!isAppError(err)) throw err;
    // Gone meanwhile (deleted in another tab), or refused by a rule (a quota, too many tags on a card).
    const key = err.code === 'not_found' ? 'bulk.gone' : 'bulk.failed';
    return redirectWithFlash(request, back, { kind: 'error', key });
  }
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
    ? (await listNavigationTags(actor, { includeHidden: true })).find((t) => t.id === input.tagId)?.name
    : undefined;
  const op: BulkOp = input.op;
  return redirectWithFlash(request, back, {
    kind: 'success',
    key: `bulk.done.${op}${skipped ? 'Skipped' : ''}`,
    values: { count, skipped, tag: tag ?? '' },
    ...(result.undoToken ? { undo: result.undoToken } : {}),
  });
}
