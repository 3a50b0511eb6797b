import { serialize } from 'cookie';
import { redirect } from 'react-router';
import { isSecureRequest } from '#server/auth/request';
import { WEB_ENGINES } from '~/components/dashboard/search-form';
import type { Route } from './+types/search';

/**
 * The dashboard's search form posts here (GET, so it works without JavaScript): "site" searches the cards, a web
 * engine gets the query handed over. The choice is remembered for the next visit.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const engine = WEB_ENGINES.find((e) => e.id === url.searchParams.get('engine'));
  const headers = new Headers();
  headers.append(
    'Set-Cookie',
    serialize('search_engine', engine?.id ?? 'site', {
      path: '/',
      sameSite: 'lax',
      maxAge: 365 * 24 * 3600,
      secure: isSecureRequest(request),
    }),
  );
  if (!q) return redirect('/', { headers });
  if (!engine) return redirect(`/?q=${encodeURIComponent(q)}`, { headers });
  return redirect(engine.url + encodeURIComponent(q), { headers });
}
