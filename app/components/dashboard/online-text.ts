import type { TFunction } from 'i18next';
import type { OnlineState } from '#server/online-check/online-state.shared';

/** A card's online state in words, the same on its tile and in its menu. */
export function onlineText(state: OnlineState, t: TFunction): string {
  if (state.status === 'failing') {
    return t('dashboard.failing', { failures: state.failures, threshold: state.threshold });
  }
  return t(state.status === 'online' ? 'dashboard.online' : 'dashboard.offline');
}
