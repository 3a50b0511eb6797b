import { useTranslation } from 'react-i18next';
import { data, useLoaderData } from 'react-router';
import { getPublicCard } from '#server/cards/social-card.service';
import { noteAttachments } from '#server/assets/upload.service';
import { linkedSiteIds } from '#server/cards/note-card.service';
import { shownCardName, socialTypeMeta } from '#server/cards/card-kinds.shared';
import { getSiteCardView } from '#server/cards/card-view.service';
import { notePreview } from '#server/cards/markdown-text';
import { safeColour } from '#server/css/colour.shared';
import { safeHref, safeImageSrc } from '#server/urls/url-policy.shared';
import { visibleSiteUrls } from '#server/navigation/navigation.service';
import { CardMenu, cardMenuData } from '~/components/dashboard/card-menu';
import { CopyIcon, EditIcon, LinkIcon, NoteIcon } from '~/components/icons';
import { formatBytes } from '~/components/ui/upload';
import { loadAsDocument } from '~/lib/document-load';
import { socialTypeLabels } from '~/lib/i18n';
import { safeReturnTo } from '~/lib/preferences';
import { renderMarkdown } from '~/lib/markdown';
import { requestInfo } from '~/lib/request-context.server';
import dashboardCss from '~/styles/dashboard.css?url';
import type { Route } from './+types/card.$id';
import { PRODUCT_NAME } from '#server/product.shared';

export const handle = { hydrate: false };
export const clientLoader = loadAsDocument;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: dashboardCss }];

/**
 * The page of a site card (its menu: quick actions, alternate URLs, related sites, the owner's memo and todos), of a
 * social card (its id to copy, its QR code) or of a note (its Markdown, rendered safely).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const info = requestInfo(context);
  const site = await getSiteCardView(info.actor, params.id);
  if (site) {
    const returnTo = safeReturnTo(new URL(request.url).searchParams.get('returnTo'), '/');
    const menu = cardMenuData(site, returnTo);
    return { kind: 'site' as const, title: menu.name, menu, returnTo, csrf: info.csrfToken };
  }
  const found = await getPublicCard(params.id);
  if (!found) throw data({ code: 'not_found' }, { status: 404 });
  const { card } = found;
  const payload = (card.cardData ?? {}) as Record<string, unknown>;
  const updated = card.updatedAt.toISOString();
  const here = `/card/${encodeURIComponent(card._id)}`;
  // The owner edits from here; the editor comes back to this page.
  const editHref =
    info.actor?.userId === card.ownerId && !info.actor.readOnly
      ? `/edit/${card.cardType === 'note' ? 'notes' : 'social'}/${encodeURIComponent(card._id)}?returnTo=${encodeURIComponent(here)}`
      : null;
  if (card.cardType === 'note') {
    const content = String(payload.content ?? '');
    const [urls, attachments] = await Promise.all([
      visibleSiteUrls(card.ownerId, linkedSiteIds(content), info.actor),
      noteAttachments(card),
    ]);
    return {
      kind: 'note' as const,
      title: notePreview(String(payload.title ?? ''), content).title || card.name,
      html: renderMarkdown(content, { siteUrl: (id) => urls.get(id) ?? null }),
      attachments: attachments.map((a) => ({ id: a.id, filename: a.filename, size: a.size, url: a.url })),
      updated,
      editHref,
    };
  }
  const meta = socialTypeMeta(card.cardType ?? '');
  const label = socialTypeLabels(info.locale);
  const value = meta ? String(payload[meta.idField] ?? '') : '';
  const qr = typeof payload.qrCodeUrl === 'string' ? safeImageSrc(payload.qrCodeUrl) : null;
  return {
    kind: 'social' as const,
    title: shownCardName(card, label),
    typeLabel: meta ? label(meta.type) : (card.cardType ?? ''),
    color: safeColour(card.iconBgColor) ?? meta?.color ?? '#64748b',
    iconUrl: safeImageSrc(card.iconUrl),
    value,
    openUrl: meta?.opensUrl ? safeHref(value) : null,
    qr,
    hint: card.socialHint,
    updated,
    editHref,
  };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d ? `${d.title} · ${PRODUCT_NAME}` : PRODUCT_NAME },
];

export default function CardPage() {
  const d = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  if (d.kind === 'site') {
    return (
      <main id="main" className="container card-page">
        <p className="card-page-back">
          <a href={d.returnTo}>← {t('card.back')}</a>
        </p>
        <article className="panel site-article" aria-labelledby="card-title">
          <h1 id="card-title">{d.title}</h1>
          <CardMenu d={d.menu} csrf={d.csrf} returnTo={d.returnTo} t={t} />
        </article>
      </main>
    );
  }
  const date = new Date(d.updated).toLocaleDateString(i18n.language === 'zh' ? 'zh-CN' : 'en', {
    dateStyle: 'medium',
  });
  return (
    <main id="main" className="container card-page">
      <div className="card-page-back card-page-bar">
        <a href="/">← {t('card.back')}</a>
        {d.editHref ? (
          <a className="button button-small" href={d.editHref}>
            <EditIcon size={15} />
            <span>{t('card.edit')}</span>
          </a>
        ) : null}
      </div>
      {d.kind === 'note' ? (
        <article className="panel note-article" aria-labelledby="card-title">
          <header className="note-head">
            <span className="tile-icon note-icon" aria-hidden="true">
              <NoteIcon size={22} />
            </span>
            <div>
              <p className="eyebrow">{t('card.note')}</p>
              <h1 id="card-title">{d.title}</h1>
            </div>
          </header>
          <div className="markdown" dangerouslySetInnerHTML={{ __html: d.html }} />
          {d.attachments.length ? (
            <section className="note-page-files" aria-labelledby="note-files-title">
              <h2 id="note-files-title">{t('files.attachments')}</h2>
              <ul>
                {d.attachments.map((a) => (
                  <li key={a.id}>
                    <a href={a.url} download={a.filename}>
                      {a.filename}
                    </a>
                    <span className="muted small">{formatBytes(a.size)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <p className="muted small">{t('card.updated', { date })}</p>
        </article>
      ) : (
        <article
          className="panel social-article"
          aria-labelledby="card-title"
          style={{ '--social-color': d.color } as React.CSSProperties}
        >
          <div className="social-hero">
            <span className="social-badge" aria-hidden="true">
              {d.iconUrl ? <img src={d.iconUrl} alt="" width={56} height={56} /> : d.title.slice(0, 1)}
            </span>
            <div>
              <p className="eyebrow">{d.typeLabel}</p>
              <h1 id="card-title">{d.title}</h1>
              {d.hint ? <p className="muted">{d.hint}</p> : null}
            </div>
          </div>
          {d.value ? (
            <div className="social-id">
              <label htmlFor="social-value">{t('card.idLabel', { label: d.typeLabel })}</label>
              <div className="copy-row">
                <input id="social-value" type="text" readOnly value={d.value} />
                <button
                  type="button"
                  className="button"
                  data-copy={d.value}
                  data-copied-label={t('card.copied')}
                  hidden
                >
                  <CopyIcon size={16} />
                  <span>{t('card.copy')}</span>
                </button>
              </div>
            </div>
          ) : null}
          {d.openUrl ? (
            <a className="button button-primary" href={d.openUrl} target="_blank" rel="noopener noreferrer">
              <LinkIcon size={16} />
              {t('card.open', { label: d.typeLabel })}
            </a>
          ) : null}
          {d.qr ? (
            <figure className="social-qr">
              <img
                src={d.qr}
                alt={t('card.qrAlt', { label: d.title })}
                width={220}
                height={220}
                loading="lazy"
              />
              <figcaption className="muted small">{t('card.qr')}</figcaption>
            </figure>
          ) : null}
        </article>
      )}
    </main>
  );
}
