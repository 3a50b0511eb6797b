import { AppError } from '#server/errors';
import { errorResponse } from '~/lib/api.server';

function notFound({ request }: { request: Request }) {
  return errorResponse(new AppError('not_found', `No API endpoint at ${new URL(request.url).pathname}`));
}

export const loader = notFound;
export const action = notFound;
