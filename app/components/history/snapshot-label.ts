import type { TFunction } from 'i18next';
import type { SnapshotDto } from '#server/snapshots/snapshot.dto';
import { AUTO_LABEL, isMcpSnapshotLabel } from '#server/snapshots/snapshot-label.shared';
import { formatDateTime } from '~/lib/format';

/**
 * The name a snapshot shows. The labels the service made itself (an automatic snapshot's, the MCP tool's default)
 * are stored for the API's older clients; the pages show them in the reader's language. A label the user typed is
 * shown as it is.
 */
export function shownSnapshotLabel(
  t: TFunction,
  s: Pick<SnapshotDto, 'label' | 'reason' | 'createdAt'>,
): string {
  if (s.reason && AUTO_LABEL.test(s.label)) {
    return t(`history.autoLabel.${s.reason}`, { defaultValue: t('history.autoLabel.other') });
  }
  if (isMcpSnapshotLabel(s.label)) return t('history.mcpLabel', { date: formatDateTime(s.createdAt) });
  return s.label;
}
