import { redirect } from 'react-router';
import type { Route } from './+types/social-card.$id';

/** The older service's social card page address. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/card/${encodeURIComponent(params.id)}`, 301);
}
