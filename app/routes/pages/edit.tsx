import { Outlet } from 'react-router';
import { signedInMiddleware } from '~/lib/guards.server';
import editorStyles from '~/styles/editor.css?url';
import type { Route } from './+types/edit';

// Every editor page is for a signed-in user: one guard for the group, run before any child loader or action.
export const middleware: Route.MiddlewareFunction[] = [signedInMiddleware];

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: editorStyles }];

export default function EditorLayout() {
  return <Outlet />;
}
