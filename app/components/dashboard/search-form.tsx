import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../icons';
import { OptionList } from '../ui/field';

export const WEB_ENGINES = [
  { id: 'google', label: 'Google', url: 'https://www.google.com/search?q=' },
  { id: 'bing', label: 'Bing', url: 'https://www.bing.com/search?q=' },
  { id: 'baidu', label: '百度', url: 'https://www.baidu.com/s?wd=' },
  { id: 'duckduckgo', label: 'DuckDuckGo', url: 'https://duckduckgo.com/?q=' },
] as const;

/** The dashboard's search box: searches the cards, or hands the query to a web search engine (via /search). */
export function SearchForm({ q, engine }: { q: string; engine: string }) {
  const { t } = useTranslation();
  return (
    <form method="get" action="/search" role="search" className="search-form" data-search-form>
      <label htmlFor="dashboard-search" className="visually-hidden">
        {t('dashboard.searchLabel')}
      </label>
      <span className="search-icon" aria-hidden="true">
        <SearchIcon size={17} />
      </span>
      <input
        id="dashboard-search"
        type="search"
        name="q"
        defaultValue={q}
        placeholder={t('dashboard.searchPlaceholder')}
        autoComplete="off"
        list="search-suggestions"
        data-suggest
        maxLength={200}
      />
      <datalist id="search-suggestions" />
      <label htmlFor="search-engine" className="visually-hidden">
        {t('dashboard.searchIn')}
      </label>
      <select id="search-engine" name="engine" defaultValue={engine} className="search-engine">
        <option value="site">{t('dashboard.engineSite')}</option>
        <OptionList items={WEB_ENGINES.map((e) => ({ id: e.id, name: e.label }))} />
      </select>
      <button type="submit" className="search-submit" aria-label={t('dashboard.searchSubmit')}>
        <SearchIcon size={17} />
      </button>
    </form>
  );
}

/** When the cards hold nothing for a query: the same query on the web, one link per engine. */
export function WebSearchLinks({ q }: { q: string }) {
  const { t } = useTranslation();
  return (
    <p className="board-empty-web">
      {t('dashboard.searchWeb')}{' '}
      {WEB_ENGINES.map((e, i) => (
        <span key={e.id}>
          {i > 0 ? ' · ' : null}
          <a href={e.url + encodeURIComponent(q)} rel="noopener noreferrer">
            {e.label}
          </a>
        </span>
      ))}
    </p>
  );
}
