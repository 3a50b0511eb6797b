import { useTranslation } from 'react-i18next';
import { Panel } from '~/components/ui/panel';
import { bookmarkletHref, escapeAttribute } from '~/lib/bookmarklet';

/** The bookmarklet to drag to the bookmarks bar, and a word on the phone's share menu (the manifest's share target). */
export function BookmarkletPanel({ origin, siteName }: { origin: string; siteName: string }) {
  const { t } = useTranslation();
  const label = t('profile.bookmarklet.link', { site: siteName });
  // Written as markup: React replaces a javascript: href with one that throws. The code is ours, built from the
  // trusted origin only; clicking it here is stopped (the page's CSP would refuse it anyway).
  const link =
    `<a class="button bookmarklet" id="bookmarklet-link" draggable="true" ` +
    `href="${escapeAttribute(bookmarkletHref(origin))}" title="${escapeAttribute(t('profile.bookmarklet.dragHint'))}">` +
    `${escapeAttribute(label)}</a>`;
  return (
    <Panel id="bookmarklet" title={t('profile.bookmarklet.title')}>
      <p className="muted">{t('profile.bookmarklet.intro')}</p>
      <p
        className="bookmarklet-row"
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('#bookmarklet-link')) event.preventDefault();
        }}
        dangerouslySetInnerHTML={{ __html: link }}
      />
      <p className="small muted">{t('profile.bookmarklet.dragHint')}</p>
      <p className="small muted">{t('profile.bookmarklet.phone', { site: siteName })}</p>
    </Panel>
  );
}
