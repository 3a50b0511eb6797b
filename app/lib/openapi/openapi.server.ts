// The one list of described areas, and the OpenAPI document built from it (docs/decisions.md
// "API reference generated from the route schemas"). A new area file is added to AREAS; a new route goes into
// the area file it belongs to.
import { accountsArea } from './areas/accounts';
import { adminArea } from './areas/admin';
import { aiArea, notificationsArea } from './areas/ai-notifications';
import { cardsArea } from './areas/cards';
import { filesArea } from './areas/files';
import { mcpArea } from './areas/mcp';
import { navigationArea } from './areas/navigation';
import { settingsArea } from './areas/settings';
import { siteCardsArea } from './areas/site-cards';
import { tagsArea } from './areas/tags';
import { buildOpenApi } from './build';
import type { AreaDoc } from './describe';

export const AREAS: AreaDoc[] = [
  navigationArea,
  tagsArea,
  siteCardsArea,
  cardsArea,
  filesArea,
  accountsArea,
  adminArea,
  settingsArea,
  aiArea,
  notificationsArea,
  mcpArea,
];

export const API_VERSION = '1.0.0';

let cached: { origin: string; doc: Record<string, unknown> } | null = null;

/** The OpenAPI document, built once per process (and per origin it is asked for). */
export function apiDocument(origin: string): Record<string, unknown> {
  if (cached?.origin !== origin) cached = { origin, doc: buildOpenApi(AREAS, origin, API_VERSION) };
  return cached.doc;
}
