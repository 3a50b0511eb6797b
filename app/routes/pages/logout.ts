import { redirect } from 'react-router';
import { redirectWithFlash } from '~/lib/flash.server';
import { readForm } from '~/lib/forms.server';
import { signOut } from '~/lib/session.server';
import type { Route } from './+types/logout';

export function loader() {
  return redirect('/');
}

/** Ends this browser's session (a plain form post, so it works without JavaScript). */
export async function action({ request }: Route.ActionArgs) {
  await readForm(request);
  const cookies = await signOut(request);
  return redirectWithFlash(request, '/', { kind: 'info', key: 'auth.signedOut' }, { cookies });
}
