import { useTranslation } from 'react-i18next';
import type { FloatingButton } from '#server/settings/settings.model';
import { useRootData } from '~/lib/root-data';

const ICONS: Record<string, React.ReactNode> = {
  'scroll-top': <path d="M12 19V5M5 12l7-7 7 7" />,
  'quick-search': (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </>
  ),
  'snapshot-history': (
    <>
      <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
      <path d="M3 3v5h5M12 7v5l3 2" />
    </>
  ),
  feedback: <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />,
};

/** Where a built-in button goes; null hides it (a signed-out visitor has no history, a blank link no feedback). */
function hrefOf(b: FloatingButton, signedIn: boolean): string | null {
  switch (b.id) {
    case 'scroll-top':
      return '#top';
    case 'quick-search':
      return '/#dashboard-search';
    case 'snapshot-history':
      return signedIn ? '/settings/history' : null;
    default:
      return b.customData?.url && /^https?:\/\//i.test(b.customData.url) ? b.customData.url : null;
  }
}

/**
 * The floating buttons of compat §2.13, as plain links (they work without JavaScript): back to top, quick search
 * (the dashboard's search box), version history and the feedback link. Built-in labels follow the page's
 * language unless the admin renamed them.
 */
export function FloatingButtons({ hidden = false }: { hidden?: boolean }) {
  const { t } = useTranslation();
  const data = useRootData();
  if (hidden) return null;
  const buttons = data?.floatingButtons ?? [];
  const shown = buttons
    .filter((b) => b.enabled)
    .map((b) => ({ b, href: hrefOf(b, Boolean(data?.user)) }))
    .filter((x): x is { b: FloatingButton; href: string } => x.href !== null);
  if (!shown.length) return null;
  const focusSearch = (e: React.MouseEvent) => {
    const input = document.getElementById('dashboard-search');
    if (!input) return;
    e.preventDefault();
    input.scrollIntoView({ block: 'center' });
    input.focus();
  };
  return (
    <nav className="floating-buttons" aria-label={t('settings.floating.region')}>
      {shown.length > 1 ? (
        // On phones the buttons fold behind one toggle (a checkbox, so it works without JavaScript) so that a stack
        // of them does not cover the page; wider screens show them all and never see the toggle.
        <>
          <input
            type="checkbox"
            id="floating-more"
            className="floating-more-toggle"
            aria-label={t('settings.floating.more')}
          />
          <label htmlFor="floating-more" className="floating-button floating-more" aria-hidden="true">
            <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              <circle cx="5" cy="12" r="2" />
              <circle cx="12" cy="12" r="2" />
              <circle cx="19" cy="12" r="2" />
            </svg>
          </label>
        </>
      ) : null}
      {shown.map(({ b, href }) => {
        const label = b.label || t(`settings.floating.names.${b.id}`, { defaultValue: b.id });
        const external = /^https?:/.test(href);
        return (
          <a
            key={b.id}
            href={href}
            className="floating-button"
            data-floating={b.id}
            title={label}
            aria-label={label}
            onClick={b.id === 'quick-search' ? focusSearch : undefined}
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            <svg
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              {ICONS[b.id] ?? ICONS.feedback}
            </svg>
          </a>
        );
      })}
    </nav>
  );
}
