import { useRouteLoaderData } from 'react-router';
import type { loader } from '~/root';

export type RootData = Awaited<ReturnType<typeof loader>>;
export type SessionUser = NonNullable<RootData['user']>;

/** Data every page shares: locale, theme, CSRF token, signed-in user, flash message, site name. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>('root');
}
