import { onlineState, type OnlineState } from '#server/online-check/online-state.shared';
import { onlineText } from './online-text';
import type { TFunction } from 'i18next';
import type { SiteCardView } from '#server/cards/card-view.service';
import { safeHref } from '#server/urls/url-policy.shared';
import { formatDateTime } from '~/lib/format';
import { CopyIcon, EditIcon, LinkIcon, PinIcon } from '../icons';
import { BoardForm } from './board-forms';

/** What a site card's menu shows; every address has been through the URL policy. */
export interface CardMenuData {
  id: string;
  name: string;
  url: string | null;
  description: string;
  owner: boolean;
  pinned: boolean;
  tags: { id: string; name: string }[];
  alternates: { label: string; url: string }[];
  related: { id: string; name: string; url: string }[];
  memo: string;
  todos: { text: string; done: boolean }[];
  /** The owner's last online checks, newest first. */
  checks: { at: string; online: boolean; reason: string | null }[];
  /** What the checks say now (the tile's dot and the dead-links view read the same). */
  online: OnlineState | null;
  editHref: string;
}

export function cardMenuData({ card, owner }: SiteCardView, returnTo: string): CardMenuData {
  const alternates = owner
    ? (card.siteAccessRules?.urls ?? []).flatMap((u) => {
        const url = safeHref(u.url);
        return url ? [{ label: u.label || url, url }] : [];
      })
    : [];
  const related = card.siteRelatedSitesEnabled
    ? card.siteRelatedSites
        .filter((r) => r.enabled)
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .flatMap((r) => {
          const url = safeHref(r.cardUrl);
          return url ? [{ id: r.cardId, name: r.cardName, url }] : [];
        })
    : [];
  return {
    id: card.id,
    name: card.name,
    url: safeHref(card.siteUrl),
    description: card.siteDescription ?? '',
    owner,
    pinned: card.siteIsPinned,
    tags: card.tags.filter((t) => owner || !t.isHidden).map((t) => ({ id: t.id, name: t.name })),
    alternates,
    related,
    memo: owner ? card.siteNotes : '',
    todos: owner ? card.siteTodos.map((t) => ({ text: t.text, done: t.completed })) : [],
    checks: owner ? [...card.siteOnlineCheckHistory].reverse() : [],
    online: owner ? onlineState(card) : null,
    editHref: `/edit/sites/${encodeURIComponent(card.id)}?returnTo=${encodeURIComponent(returnTo)}`,
  };
}

const external = { target: '_blank', rel: 'noopener noreferrer' };

/**
 * A site card's menu: quick actions, alternate URLs, related sites, the owner's memo and todos. It is the body of
 * the card's page (`/card/<id>`, without JavaScript) and, fetched from there, of the popover on the dashboard.
 */
export function CardMenu({
  d,
  csrf,
  returnTo,
  t,
}: {
  d: CardMenuData;
  csrf: string;
  returnTo: string;
  t: TFunction;
}) {
  return (
    <section className="card-menu" data-card-menu aria-label={t('cardMenu.label', { name: d.name })}>
      <div className="card-menu-actions">
        {d.url ? (
          <a className="button button-primary button-small" href={d.url} {...external}>
            <LinkIcon size={15} />
            <span>{t('cardMenu.open')}</span>
          </a>
        ) : null}
        {d.url ? (
          <button
            type="button"
            className="button button-small"
            data-copy={d.url}
            data-copied-label={t('card.copied')}
            hidden
          >
            <CopyIcon size={15} />
            <span>{t('cardMenu.copyLink')}</span>
          </button>
        ) : null}
        {d.owner ? (
          <a className="button button-small" href={d.editHref}>
            <EditIcon size={15} />
            <span>{t('cardMenu.edit')}</span>
          </a>
        ) : null}
        {d.owner ? (
          <BoardForm className="card-menu-form" csrf={csrf} id={d.id} returnTo={returnTo}>
            <button
              type="submit"
              name="intent"
              value={d.pinned ? 'unpin' : 'pin'}
              className="button button-small"
            >
              <PinIcon size={15} />
              <span>{d.pinned ? t('dashboard.unpin') : t('dashboard.pin')}</span>
            </button>
          </BoardForm>
        ) : null}
      </div>
      {d.url ? <p className="card-menu-url">{d.url}</p> : null}
      {d.description ? <p className="muted small">{d.description}</p> : null}
      {d.alternates.length ? (
        <MenuSection title={t('cardMenu.alternates')}>
          <LinkList links={d.alternates} />
          {d.alternates.length > 1 ? (
            <button
              type="button"
              className="button button-small button-ghost"
              data-open-all={JSON.stringify(d.alternates.map((a) => a.url))}
              hidden
            >
              {t('cardMenu.openAll', { count: d.alternates.length })}
            </button>
          ) : null}
        </MenuSection>
      ) : null}
      {d.related.length ? (
        <MenuSection title={t('cardMenu.related')}>
          <LinkList links={d.related.map((r) => ({ label: r.name, url: r.url }))} />
        </MenuSection>
      ) : null}
      {d.memo ? (
        <MenuSection title={t('cardMenu.memo')}>
          <p className="card-menu-memo">{d.memo}</p>
        </MenuSection>
      ) : null}
      {d.todos.length ? (
        <MenuSection title={t('cardMenu.todos')}>
          <ul className="card-menu-list card-menu-todos">
            {d.todos.map((todo, i) => (
              <li key={i} className={todo.done ? 'is-done' : undefined}>
                <span aria-hidden="true">{todo.done ? '☑' : '☐'}</span> <span>{todo.text}</span>
                {todo.done ? <span className="visually-hidden"> ({t('cardMenu.done')})</span> : null}
              </li>
            ))}
          </ul>
        </MenuSection>
      ) : null}
      {d.checks.length ? (
        <MenuSection title={t('cardMenu.checks')}>
          {d.online ? (
            <p className={`card-menu-status is-${d.online.status}`} data-online-status={d.online.status}>
              {onlineText(d.online, t)}
            </p>
          ) : null}
          <ul className="card-menu-list card-menu-checks">
            {d.checks.map((c) => (
              <li key={c.at} className={c.online ? 'is-up' : 'is-down'}>
                <span aria-hidden="true" className="check-dot" />
                <span>{formatDateTime(c.at)}</span>
                <span>{c.online ? t('cardMenu.checkUp') : (c.reason ?? t('cardMenu.checkDown'))}</span>
              </li>
            ))}
          </ul>
        </MenuSection>
      ) : null}
      {d.tags.length ? (
        <p className="card-menu-tags">
          {d.tags.map((tag) => (
            <a key={tag.id} className="badge" href={`/?tag=${encodeURIComponent(tag.id)}`}>
              {tag.name}
            </a>
          ))}
        </p>
      ) : null}
    </section>
  );
}

/** A titled part of the card menu (alternate addresses, related sites, memo…). */
function MenuSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="card-menu-section">
      <h2 className="menu-heading">{title}</h2>
      {children}
    </div>
  );
}

/** Links that open in a new tab, one a line. */
function LinkList({ links }: { links: { label: string; url: string }[] }) {
  return (
    <ul className="card-menu-list">
      {links.map((l, i) => (
        <li key={i}>
          <a href={l.url} {...external}>
            {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
