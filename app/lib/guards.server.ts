import { redirect, type RouterContextProvider } from 'react-router';
import type { Actor } from '#server/actor';
import { requestInfo } from './request-context.server';

/** The signed-in user of a page request, or a redirect to the sign-in page that comes back here afterwards. */
export function requireUserPage(request: Request, context: Readonly<RouterContextProvider>): Actor {
  const { actor } = requestInfo(context);
  if (actor) return actor;
  const url = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}
