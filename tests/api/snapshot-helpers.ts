// Builds a varied data space (every card kind, memberships, relations, memos, todos) and compares spaces.
import type { Actor } from '#server/actor';
import { createNoteCard } from '#server/cards/note-card.service';
import { createSiteCard, patchMemo } from '#server/cards/site-card.service';
import { createSocialCard } from '#server/cards/social-card.service';
import { NoteCreateSchema, SiteCreateSchema, SocialCreateSchema } from '#server/cards/card.schema';
import { TagCreateSchema } from '#server/tags/tag.schema';
import { decodeData, encodeData, spaceData, type SnapshotData } from '#server/snapshots/snapshot.data';
import { loadSpaceFromDb, type SpaceSnapshot } from '#server/spaces/space.cache';
import { createTag } from '#server/tags/tag.service';

/** A space with `sites` site cards in two tags, a social card, a note linking a site, relations, memo and todos. */
export async function fillSpace(actor: Actor, prefix: string, sites = 6): Promise<{ siteIds: string[] }> {
  const t1 = await createTag(actor, TagCreateSchema.parse({ name: `${prefix} one` }));
  const t2 = await createTag(actor, TagCreateSchema.parse({ name: `${prefix} two` }));
  const siteIds: string[] = [];
  for (let i = 0; i < sites; i++) {
    const input = SiteCreateSchema.parse({
      name: `${prefix} site ${i}`,
      siteUrl: `https://${prefix}-${i}.example.test/`,
      tagIds: i % 2 ? [t1.id, t2.id] : [t1.id],
      siteRelatedSites: siteIds.length ? [{ cardId: siteIds[0] }] : [],
    });
    siteIds.push((await createSiteCard(actor, input)).id);
  }
  await patchMemo(actor, {
    id: siteIds[0]!,
    siteNotes: `${prefix} memo`,
    // Without `noteId` (a key set to undefined is stored as null but cached as undefined).
    siteTodos: [{ id: 't1', text: `${prefix} todo`, completed: false }] as never,
  });
  await createSocialCard(
    actor,
    SocialCreateSchema.parse({ cardType: 'email', payload: { email: `${prefix}@x.test` } }),
  );
  await createNoteCard(
    actor,
    NoteCreateSchema.parse({ content: `# ${prefix} note\n\n- [ ] see sakura-site://${siteIds[1]}` }),
  );
  return { siteIds };
}

/** A space's content as a snapshot of it holds it (encoded, and read back as a restore reads it). */
export async function contentOf(space: SpaceSnapshot): Promise<SnapshotData> {
  return decodeData((await encodeData(spaceData(space))).json);
}

/** The space as the database holds it, as snapshot content (comparable with a snapshot's data). */
export async function dbData(ownerId: string): Promise<SnapshotData> {
  return contentOf(await loadSpaceFromDb(ownerId));
}
