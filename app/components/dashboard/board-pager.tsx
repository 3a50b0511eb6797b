import type { TFunction } from 'i18next';

/** Where a page of the dashboard is in the whole list, and the links around it (they work without JavaScript). */
export interface Pager {
  from: number;
  to: number;
  total: number;
  prevHref: string | null;
  nextHref: string | null;
}

/** The 1-based page number asked for in `?page=` (anything else is page 1). */
export function pageNumber(url: URL): number {
  const n = Number(url.searchParams.get('page'));
  return Number.isInteger(n) && n > 1 ? n : 1;
}

/** The pager of page `page` (of `size` cards) that shows `shown` of `total` cards. */
export function pagerFor(url: URL, page: number, size: number, shown: number, total: number): Pager {
  const href = (n: number) => {
    const next = new URL(url);
    if (n > 1) next.searchParams.set('page', String(n));
    else next.searchParams.delete('page');
    return next.pathname + next.search;
  };
  const start = (page - 1) * size;
  return {
    from: shown ? start + 1 : 0,
    to: start + shown,
    total,
    prevHref: page > 1 ? href(page - 1) : null,
    nextHref: start + shown < total ? href(page + 1) : null,
  };
}

/**
 * "25–48 of 10,012" with previous and next links. With JavaScript the next link loads more cards in place (the
 * range's end follows: `data-range-template` holds the label with `{to}` left open).
 */
export function BoardPager({ pager, t, locale }: { pager: Pager; t: TFunction; locale: string }) {
  if (pager.total === 0) return null;
  const fmt = (n: number) => n.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en');
  const values = { from: fmt(pager.from), total: fmt(pager.total) };
  return (
    <nav className="board-pager" aria-label={t('dashboard.pages')}>
      {pager.prevHref ? (
        <a className="button button-ghost" href={pager.prevHref} rel="prev">
          ← {t('dashboard.prevPage')}
        </a>
      ) : null}
      <p
        className="board-range"
        data-pager-range
        data-range-to={fmt(pager.to)}
        data-range-template={t('dashboard.range', { ...values, to: '{to}' })}
      >
        {t('dashboard.range', { ...values, to: fmt(pager.to) })}
      </p>
      {pager.nextHref ? (
        <a
          className="button load-more"
          href={pager.nextHref}
          rel="next"
          data-load-more
          data-more-label={t('dashboard.loadMore')}
          data-loading-label={t('dashboard.loadingMore')}
          data-loaded-label={t('dashboard.loadedMore', { count: 0 })}
        >
          {t('dashboard.nextPage')} →
        </a>
      ) : null}
    </nav>
  );
}
