import { useTranslation } from 'react-i18next';
import { safeColour } from '#server/css/colour.shared';

export interface CardSummaryData {
  kind: 'site' | 'social' | 'note';
  name: string;
  cardType: string | null;
  url: string | null;
  description: string | null;
  iconBgColor: string | null;
  tags: string[];
  excerpt: string | null;
}

/** A small picture of the card a confirmation page is about. */
export function CardSummary({ card }: { card: CardSummaryData }) {
  const { t } = useTranslation();
  const colour = safeColour(card.iconBgColor);
  const typeLabel =
    card.kind === 'social' && card.cardType
      ? t(`editor.socialTypes.${card.cardType}`)
      : t(`editor.kinds.${card.kind}`);
  return (
    <div className="card-summary">
      <span
        className="card-summary-mark"
        style={colour ? { background: colour } : undefined}
        aria-hidden="true"
      >
        {Array.from(card.name)[0] ?? '?'}
      </span>
      <div className="card-summary-text">
        <p className="card-summary-name">{card.name}</p>
        <p className="card-summary-meta">
          <span className="badge">{typeLabel}</span>
          {card.url ? <span className="card-summary-url">{card.url}</span> : null}
        </p>
        {card.description ? <p className="muted small">{card.description}</p> : null}
        {card.excerpt ? <p className="clamp card-summary-excerpt">{card.excerpt}</p> : null}
      </div>
    </div>
  );
}
