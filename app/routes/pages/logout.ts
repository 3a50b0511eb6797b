import { redirect } from 'react-router';
import { flashCookie } from '~/lib/flash.server';
import { headersWithCookies, readForm } from '~/lib/forms.server';
import { signOut } from '~/lib/session.server';
import type { Route } from './+types/logout';

export function loader() {
  return redirect('/');
}

/** Ends this browser's session (a plain form post, so it works without JavaScript). */
export async function action({ request }: Route.ActionArgs) {
  await readForm(request);
  const cookies = await signOut(request);
  cookies.push(await flashCookie(request, { kind: 'info', key: 'auth.signedOut' }));
  return redirect('/', { headers: headersWithCookies(cookies) });
}
