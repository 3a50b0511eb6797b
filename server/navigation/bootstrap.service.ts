import type { Actor } from '../actor';
import { toCard, type CardDto } from '../cards/card.dto';
import { sortedCards } from '../cards/card.sort';
import { defaultAppearances, toAppSettings } from '../settings/settings.dto';
import { getSettings } from '../settings/settings.service';
import { getSpace } from '../spaces/space.cache';
import type { TagDto } from '../tags/tag.dto';
import { listNavigationTags } from './navigation.service';

/**
 * Everything an editor needs at start: the caller's tags (virtual ones included), all cards (under both `cards`,
 * as the older code named it, and `sites`, as its docs did), the appearances and the settings (secrets masked).
 */
export async function getBootstrap(actor: Actor): Promise<{
  tags: TagDto[];
  cards: CardDto[];
  sites: CardDto[];
  appearances: ReturnType<typeof defaultAppearances>;
  settings: ReturnType<typeof toAppSettings>;
}> {
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
