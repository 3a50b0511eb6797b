import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import type { Actor } from '#server/actor';
import { requestInfo } from './request-context.server';

/** Where a user signed in with a temporary password is sent until they have chosen their own. */
export const MUST_CHANGE_PASSWORD = '/profile?password=required#password';

function here(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('_routes');
  const path = url.pathname.replace(/\.data$/, '') || '/';
  return path + url.search;
}

/** The signed-in user of a page request, or a redirect to the sign-in page that comes back here. */
export function requireUser(request: Request, context: Readonly<RouterContextProvider>): Actor {
  const { actor } = requestInfo(context);
  if (!actor) throw redirect(`/login?redirectTo=${encodeURIComponent(here(request))}`);
  return actor;
}

/** The signed-in administrator of a page request; others get the 403 page. */
export function requireAdmin(request: Request, context: Readonly<RouterContextProvider>): Actor {
  const actor = requireUser(request, context);
  if (actor.role !== 'admin') throw data({ code: 'forbidden' }, { status: 403 });
  return actor;
}

/** Middleware for a page group that needs a signed-in user (the editors): anyone else goes to the sign-in page. */
export const signedInMiddleware: MiddlewareFunction<Response> = ({ request, context }) => {
  requireUser(request, context);
};

/** The signed-in user of a page inside a group guarded by `signedInMiddleware`. */
export function signedInUser(context: Readonly<RouterContextProvider>): Actor {
  const { actor } = requestInfo(context);
  if (!actor) throw new Error('signedInUser() called outside a signed-in route group');
  return actor;
}
