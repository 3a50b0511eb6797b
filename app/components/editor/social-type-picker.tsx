import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SOCIAL_TYPES } from '#server/cards/card-kinds.shared';
import { withReturnTo } from '~/lib/editor-links';

/** The 12 social card types as a grid of links (`?type=`), so choosing works without JavaScript. */
export function SocialTypePicker({ returnTo, current }: { returnTo: string; current?: string }) {
  const { t } = useTranslation();
  return (
    <ul className="type-grid" aria-label={t('editor.social.pickType')}>
      {SOCIAL_TYPES.map((meta) => (
        <li key={meta.type}>
          <Link
            to={withReturnTo(`/edit/social/new?type=${meta.type}`, returnTo)}
            className="type-tile"
            aria-current={current === meta.type ? 'true' : undefined}
          >
            <span className="type-mark" style={{ background: meta.color }} aria-hidden="true">
              {t(`editor.socialTypes.${meta.type}`).slice(0, 1)}
            </span>
            <span className="type-name">{t(`editor.socialTypes.${meta.type}`)}</span>
            <span className="type-detail">
              {t(meta.opensUrl ? 'editor.social.opensUrl' : 'editor.social.showsDetail')}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
