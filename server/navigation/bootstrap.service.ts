import type { Actor } from '../actor';
import { toCard } from '../cards/card.dto';
import { sortedCards } from '../cards/card.sort';
import { defaultAppearances } from '../appearance/appearance.dto';
import { toAppSettings } from '../settings/settings.dto';
import { getSettings } from '../settings/settings.service';
import { getSpace } from '../spaces/space.cache';
import type { BootstrapDto } from './bootstrap.dto';
import { listNavigationTags } from './navigation.service';

/**
 * Everything an editor needs at start: the caller's tags (virtual ones included), all cards (under both `cards`,
 * as the older code named it, and `sites`, as its docs did), the appearances and the settings (secrets masked).
 */
export async function getBootstrap(actor: Actor): Promise<BootstrapDto> {
  const space = await getSpace(actor.userId);
  const cards = sortedCards(space, 'all').map((c) => toCard(c, space));
  return {
    tags: await listNavigationTags(actor, { includeHidden: true }),
    cards,
    sites: cards,
    appearances: defaultAppearances(),
    settings: toAppSettings(await getSettings()),
  };
}
