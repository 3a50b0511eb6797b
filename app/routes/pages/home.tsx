import { useTranslation } from 'react-i18next';
import { data, redirect, useActionData, useLoaderData } from 'react-router';
import { isAppError } from '#server/errors';
import { moveCard, setPinned } from '#server/cards/site-card.service';
import {
  listCardsPage,
  listNavigationTags,
  offsetCursor,
  PAGE_SIZE,
} from '#server/navigation/navigation.service';
import { getSettings } from '#server/settings/settings.service';
import { moveTag } from '#server/tags/tag.service';
import { listOfflineCards } from '#server/online-check/online-check.service';
import { aiConfigured } from '#server/ai/ai-config';
import { BoardHeader } from '~/components/dashboard/board-header';
import { BoardPager, pageNumber, pagerFor } from '~/components/dashboard/board-pager';
import { BulkBar, postedIds } from '~/components/dashboard/bulk-bar';
import { CardTile } from '~/components/dashboard/card-tile';
import { SearchForm, WebSearchLinks } from '~/components/dashboard/search-form';
import { TagRail, type RailTag } from '~/components/dashboard/tag-rail';
import { tileView } from '~/components/dashboard/tile-view';
import { SiteHeader } from '~/components/site-header';
import { loadAsDocument } from '~/lib/document-load';
import { socialTypeLabels } from '~/lib/i18n';
import { bulkCardsAction } from './home.server';
import { readForm } from '~/lib/forms.server';
import { requireUser } from '~/lib/guards.server';
import { safeReturnTo } from '~/lib/preferences';
import { readCookies } from '#server/auth/request';
import { safeColour } from '#server/css/colour.shared';
import { safeImageSrc } from '#server/urls/url-policy.shared';
import { requestInfo } from '~/lib/request-context.server';
import dashboardCss from '~/styles/dashboard.css?url';
import type { Route } from './+types/home';
import { PRODUCT_NAME } from '#server/product.shared';

// Rendered on the server only: no React on the client, just the small enhancement script (docs/decisions.md §4);
// a signed-in owner's render is kept by the data it was made from (`renderMemo`, app/lib/render-memo.server.ts).
export const handle = { hydrate: false, bareHeader: true, renderMemo: true };
export const clientLoader = loadAsDocument;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: dashboardCss }];

/** Cards per page on the dashboard (the JSON API's default stays 12, as the older service had). */
const BOARD_PAGE = PAGE_SIZE * 2;

function hrefWith(url: URL, changes: Record<string, string | null>): string {
  const next = new URL(url);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) next.searchParams.delete(k);
    else next.searchParams.set(k, v);
  }
  return next.pathname + next.search;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const info = requestInfo(context);
  const actor = info.actor;
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim();
  const tagId = q ? null : url.searchParams.get('tag');
  const pageNo = pageNumber(url);
  const edit = Boolean(actor && url.searchParams.get('edit') === '1' && !q && !actor.readOnly);
  // `?status=offline`: the signed-in owner's dead links (sites whose check says offline), in one list.
  const deadLinks = Boolean(actor && url.searchParams.get('status') === 'offline' && !q);

  const tags = await listNavigationTags(actor, { includeHidden: Boolean(actor) });
  const active = tagId ? tags.find((t) => t.id === tagId) : null;
  if (tagId && !active) throw data({ code: 'not_found' }, { status: 404 });

  let page;
  if (deadLinks) {
    const items = await listOfflineCards(actor!);
    page = { items, total: items.length, nextCursor: null };
  } else {
    page = await listCardsPage(
      actor,
      {
        scope: tagId ? 'tag' : 'all',
        tagId: tagId ?? undefined,
        q,
        cursor: pageNo > 1 ? offsetCursor((pageNo - 1) * BOARD_PAGE) : undefined,
        limit: BOARD_PAGE,
      },
      'all',
    );
    // Past the end (cards were deleted meanwhile): the last page.
    if (pageNo > 1 && page.items.length === 0) {
      const last = Math.max(1, Math.ceil(page.total / BOARD_PAGE));
      throw redirect(hrefWith(url, { page: last > 1 ? String(last) : null }));
    }
  }
  const totalAll =
    tagId || q || deadLinks ? (await listCardsPage(actor, { limit: 1 }, 'all')).total : page.total;
  const returnTo = hrefWith(url, {});
  const editBase = edit ? url : new URL(hrefWith(url, { edit: null }), url);
  const rail: RailTag[] = tags.map((t) => ({
    id: t.id,
    name: t.name,
    count: t.siteCount,
    hidden: t.isHidden,
    virtual: t.id === '__social_cards__' ? 'social' : t.id === '__note_cards__' ? 'note' : null,
    color: safeColour(t.logoBgColor) ?? null,
    logoUrl: safeImageSrc(t.logoUrl),
    href: hrefWith(editBase, { tag: t.id, q: null, page: null }),
  }));
  const label = socialTypeLabels(info.locale);
  const { siteIconService } = await getSettings();
  const tiles = page.items.map((c) => tileView(c, returnTo, label, siteIconService));
  return {
    q,
    engine: readCookies(request).search_engine ?? 'site',
    owner: Boolean(actor),
    edit,
    csrf: info.csrfToken,
    returnTo,
    active: active
      ? {
          id: active.id,
          name: active.name,
          description: active.description,
          virtual: active.id.startsWith('__'),
        }
      : null,
    rail,
    totalAll,
    tiles,
    total: page.total,
    pager: pagerFor(url, pageNo, BOARD_PAGE, page.items.length, page.total),
    locale: info.locale,
    allHref: hrefWith(editBase, { tag: null, q: null, page: null }),
    editHref: hrefWith(url, { edit: edit ? null : '1', q: null }),
    deadLinks,
    // "Ask AI" only when a provider is set: without one the page could only say it is not set up.
    aiReady: await aiConfigured(),
    deadLinksHref: actor
      ? hrefWith(url, { status: 'offline', tag: null, q: null, page: null, edit: null })
      : null,
  };
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as { siteName?: string } | undefined;
  const site = root?.siteName ?? PRODUCT_NAME;
  return [{ title: d?.active ? `${d.active.name} · ${site}` : d?.q ? `${d.q} · ${site}` : site }];
};

/** The no-JavaScript edit controls: move a card or tag one place, pin or unpin; the selection bar's bulk edits. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireUser(request, context);
  const form = await readForm(request);
  const intent = String(form.get('intent') ?? '');
  if (intent === 'bulk') return bulkCardsAction(request, actor, form, requestInfo(context).locale);
  const id = String(form.get('id') ?? '');
  const tagId = String(form.get('tagId') ?? '') || undefined;
  try {
    if (intent === 'card-up' || intent === 'card-down') {
      await moveCard(actor, { id, direction: intent === 'card-up' ? 'up' : 'down', tagId });
    } else if (intent === 'pin' || intent === 'unpin') {
      await setPinned(actor, id, intent === 'pin');
    } else if (intent === 'tag-up' || intent === 'tag-down') {
      await moveTag(actor, id, intent === 'tag-up' ? 'up' : 'down');
    } else {
      throw data({ code: 'bad_request' }, { status: 400 });
    }
  } catch (err) {
    if (isAppError(err)) throw data({ code: err.code }, { status: err.status });
    throw err;
  }
  return redirect(safeReturnTo(form.get('returnTo'), '/?edit=1'));
}

export default function Home() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // A refused bulk edit: its reply is drawn in the selection bar, and the cards it named are still ticked.
  const bulkReply = useActionData<typeof action>()?.result;
  const picked = postedIds(bulkReply);
  const editControls = (i: number) =>
    d.edit
      ? {
          picked: picked.has(d.tiles[i]!.id),
          csrf: d.csrf,
          returnTo: d.returnTo,
          tagId: d.active && !d.active.virtual ? d.active.id : (d.active?.id ?? null),
          canMove: !d.q,
          first: i === 0 && d.pager.from <= 1,
          last: i === d.tiles.length - 1 && !d.pager.nextHref,
        }
      : null;
  return (
    <>
      <SiteHeader>
        <SearchForm q={d.q} engine={d.engine} />
      </SiteHeader>
      <div
        className={`dashboard container${d.edit ? ' is-editing' : ''}`}
        data-dashboard
        data-edit={d.edit ? '1' : undefined}
        data-tag={d.active?.id ?? ''}
        data-msg-order-failed={t('dashboard.orderFailed')}
      >
        <TagRail
          tags={d.rail}
          activeId={d.active?.id ?? null}
          total={d.totalAll}
          allHref={d.allHref}
          edit={d.edit ? { csrf: d.csrf, returnTo: d.returnTo } : null}
        />
        <main id="main" className="board" aria-labelledby="board-title">
          <BoardHeader
            title={
              d.q
                ? t('dashboard.resultsFor', { q: d.q })
                : d.deadLinks
                  ? t('dashboard.deadLinksTitle')
                  : d.active
                    ? d.active.id === '__social_cards__'
                      ? t('dashboard.socialTag')
                      : d.active.id === '__note_cards__'
                        ? t('dashboard.noteTag')
                        : d.active.name
                    : t('dashboard.allCards')
            }
            description={d.active?.description ?? null}
            total={d.total}
            owner={d.owner}
            edit={d.edit}
            editHref={d.editHref}
            clearHref={d.q ? d.allHref : null}
            tagId={d.active && !d.active.virtual ? d.active.id : null}
            returnTo={d.returnTo}
          />
          {d.tiles.length === 0 ? (
            <div className="board-empty">
              <p>
                {d.q
                  ? t('dashboard.noResults', { q: d.q })
                  : d.deadLinks
                    ? t('dashboard.noDeadLinks')
                    : d.active
                      ? t('dashboard.emptyTag')
                      : t('dashboard.emptyAll')}
              </p>
              {d.q ? <WebSearchLinks q={d.q} /> : null}
              {d.owner && !d.q && !d.deadLinks ? (
                <a
                  className="button button-primary"
                  href={`/edit/sites/new?returnTo=${encodeURIComponent(d.returnTo)}${d.active && !d.active.virtual ? `&tag=${encodeURIComponent(d.active.id)}` : ''}`}
                >
                  {t('dashboard.emptyHint')}
                </a>
              ) : null}
            </div>
          ) : (
            <ul
              className="tile-grid"
              data-card-grid
              aria-label={t('dashboard.cardCount', { count: d.total })}
            >
              {d.tiles.map((tile, i) => (
                <CardTile key={tile.id} tile={tile} edit={editControls(i)} t={t} showTags={!d.active} />
              ))}
            </ul>
          )}
          {d.edit && d.tiles.length ? (
            <BulkBar
              csrf={d.csrf}
              returnTo={d.returnTo}
              tags={d.rail.filter((r) => !r.virtual).map((r) => ({ id: r.id, name: r.name }))}
              fromTagId={d.active && !d.active.virtual ? d.active.id : null}
              lastResult={bulkReply}
              t={t}
            />
          ) : null}
          <BoardPager pager={d.pager} t={t} locale={d.locale} />
          <div className="board-pager">
            {d.deadLinksHref && !d.deadLinks ? (
              <a className="button button-ghost" href={d.deadLinksHref} data-dead-links>
                {t('dashboard.deadLinks')}
              </a>
            ) : null}
            {d.aiReady ? (
              <a
                className="button button-ghost"
                href={d.q ? `/ai?q=${encodeURIComponent(d.q)}` : '/ai'}
                data-ask-ai
              >
                {t('ai.title')}
              </a>
            ) : null}
          </div>
          <p className="visually-hidden" aria-live="polite" data-live-region />
        </main>
      </div>
    </>
  );
}
