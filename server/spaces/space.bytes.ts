// Approximate heap sizes of a space's documents, for the read model's byte budget and the storage quota.
import type { CardDoc } from '../cards/card.model';
import type { TagDoc } from '../tags/tag.model';

const strBytes = (s: unknown) => (typeof s === 'string' ? s.length * 2 + 16 : 8);

/**
 * Approximate heap bytes of a card: a fixed part for the object with its ~35 fields (measured with
 * `bench/space-memory.mjs`) plus its strings.
 */
export function cardBytes(c: CardDoc): number {
  let n = 700;
  n += strBytes(c.name) + strBytes(c.siteUrl) + strBytes(c.siteDescription) + strBytes(c.iconUrl);
  n += strBytes(c.siteNotes) + strBytes(c.siteRecommendContext) + strBytes(c.siteOnlineCheckKeyword);
  for (const t of c.siteTodos ?? []) n += 120 + strBytes(t.text);
  if (c.cardData) for (const v of Object.values(c.cardData)) n += 40 + strBytes(v);
  for (const u of c.siteAccessRules?.urls ?? []) n += 120 + strBytes(u.url) + strBytes(u.label);
  return n;
}
export const MEMBERSHIP_BYTES = 160;
export const RELATION_BYTES = 320;
export const tagBytes = (t: TagDoc) => 400 + strBytes(t.name) + strBytes(t.description) + strBytes(t.logoUrl);
