import { keptPreview } from '#server/bookmarks/bookmark-preview.service';
import { toErrorResponse } from '~/lib/api.server';
import { requireUser } from '~/lib/guards.server';
import type { Route } from './+types/bookmarks.rows.$token';

/** Every row of the signed-in user's bookmark preview (the page lists the first ones; its script asks for the rest). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = requireUser(request, context);
  try {
    return Response.json((await keptPreview(actor, params.token)).rows, {
      headers: { 'cache-control': 'no-store' },
    });
  } catch (err) {
    return toErrorResponse(err, request);
  }
}
