// The one list of described areas, and the OpenAPI document built from it (docs/decisions.md
// "API reference generated from the route schemas"). A new area file is added to AREAS; a new route goes into
// the area file it belongs to.
import { accountsArea } from './areas/accounts';
import { adminArea } from './areas/admin';
import { aiArea, notificationsArea } from './areas/ai-notifications';
import { backupsArea } from './areas/backups';
import { cardsArea } from './areas/cards';
import { configArea, dataArea } from './areas/data';
import { filesArea } from './areas/files';
import { mcpArea } from './areas/mcp';
import { mcpOauthArea } from './areas/mcp-oauth';
import { navigationArea } from './areas/navigation';
import { oauthArea } from './areas/oauth';
import { settingsArea } from './areas/settings';
import { siteCardsArea } from './areas/site-cards';
import { snapshotsArea } from './areas/snapshots';
import { tagsArea } from './areas/tags';
import { buildOpenApi } from './build';
import type { AreaDoc } from './describe';

export const AREAS: AreaDoc[] = [
  navigationArea,
  tagsArea,
  siteCardsArea,
  cardsArea,
  filesArea,
  snapshotsArea,
  dataArea,
  accountsArea,
  oauthArea,
  adminArea,
  configArea,
  backupsArea,
  settingsArea,
  aiArea,
  notificationsArea,
  mcpArea,
  mcpOauthArea,
];

export const API_VERSION = '1.0.0';

let cached: Record<string, unknown> | null = null;

/**
 * The OpenAPI document, built once per process. Its server URL is relative (`/`, resolved against where the
 * document was fetched), so the answer never depends on the request's Host header and any cache may keep it.
 */
export function apiDocument(): Record<string, unknown> {
  cached ??= buildOpenApi(AREAS, '/', API_VERSION);
  return cached;
}
