import { redirect } from 'react-router';
import type { Route } from './+types/register';

/** `/register` is the sign-in page in its registration mode. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const back = url.searchParams.get('redirectTo');
  return redirect(`/login?mode=register${back ? `&redirectTo=${encodeURIComponent(back)}` : ''}`);
}
