import { z } from 'zod';
import { cardKind } from '../../cards/card-kinds.shared';
import type { CardDto } from '../../cards/card.dto';
import { SiteCreateSchema, SiteUpdateSchema, siteFields } from '../../cards/card.schema';
import { deleteCard } from '../../cards/card-delete.service';
import {
  createSiteCard,
  createSiteCards,
  getCard,
  listAllCards,
  updateSiteCard,
} from '../../cards/site-card.service';
import { listCardsPage } from '../../navigation/navigation.service';
import { previewSite } from '../../site-preview/site-preview.service';
import { deleteTool, IdArgs, NoArgs, tool } from '../mcp.tool';

/** The older service's argument names for a site card, with the rules of the card schema's fields. */
const siteArgs = {
  name: siteFields.name,
  url: siteFields.siteUrl,
  description: siteFields.siteDescription,
  iconUrl: siteFields.iconUrl,
  iconBgColor: siteFields.iconBgColor,
  isPinned: siteFields.siteIsPinned,
  skipOnlineCheck: siteFields.siteSkipOnlineCheck,
  tagIds: siteFields.tagIds,
  notes: siteFields.siteNotes,
};
const CreateArgs = z.object(siteArgs).partial().required({ name: true, url: true });
const UpdateArgs = z.object(siteArgs).partial().extend(IdArgs.shape);
type SiteArgs = Partial<z.output<typeof CreateArgs>>;

/** Renames the tool's arguments to the card schema's fields; fields not given stay out. */
function toCardFields(a: SiteArgs) {
  const out: Record<string, unknown> = {
    name: a.name,
    siteUrl: a.url,
    siteDescription: a.description,
    iconUrl: a.iconUrl,
    iconBgColor: a.iconBgColor,
    siteIsPinned: a.isPinned,
    siteSkipOnlineCheck: a.skipOnlineCheck,
    tagIds: a.tagIds,
    siteNotes: a.notes,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

const listEntry = (c: CardDto) => ({
  id: c.id,
  name: c.name,
  url: c.siteUrl,
  cardType: c.cardType,
  iconUrl: c.iconUrl,
  iconBgColor: c.iconBgColor,
  isPinned: c.siteIsPinned,
  tags: c.tags,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

export const siteCardTools = [
  tool({
    name: 'list_site_cards',
    description:
      'List cards (all kinds) a page at a time, optionally inside one tag (tagId) or matching a search (query). Pass nextCursor back as cursor for the next page.',
    input: z.object({
      tagId: z.string().max(80).optional(),
      query: z.string().max(200).optional(),
      cursor: z.string().max(1000).optional(),
    }),
    write: false,
    run: (actor, a) =>
      listCardsPage(
        actor,
        { scope: a.tagId ? 'tag' : 'all', tagId: a.tagId, q: a.query, cursor: a.cursor },
        'all',
      ),
  }),
  tool({
    name: 'get_site_card',
    description: 'Get one of your cards by id.',
    input: IdArgs,
    write: false,
    run: (actor, { id }) => getCard(actor, id),
  }),
  tool({
    name: 'create_site_card',
    description: 'Create a website card, optionally in some tags.',
    input: CreateArgs,
    write: true,
    run: (actor, a) => createSiteCard(actor, SiteCreateSchema.parse(toCardFields(a))),
  }),
  tool({
    name: 'update_site_card',
    description:
      'Change a website card; fields left out keep their values, tagIds (when given) sets its tags.',
    input: UpdateArgs,
    write: true,
    run: (actor, a) => updateSiteCard(actor, SiteUpdateSchema.parse({ ...toCardFields(a), id: a.id })),
  }),
  deleteTool('delete_site_card', 'Delete one of your cards.', deleteCard),
  tool({
    name: 'batch_create_site_cards',
    description: 'Create up to 50 website cards at once.',
    input: z.object({
      sites: z
        .array(CreateArgs.pick({ name: true, url: true, description: true, tagIds: true }))
        .min(1)
        .max(50),
    }),
    write: true,
    run: async (actor, { sites }) => {
      const cards = await createSiteCards(
        actor,
        sites.map((s) => SiteCreateSchema.parse(toCardFields(s))),
      );
      return { created: cards.length, sites: cards.map((c) => ({ id: c.id, name: c.name, url: c.siteUrl })) };
    },
  }),
  tool({
    name: 'list_all_site_cards',
    description: 'List every website card as {id, name, url, tags}.',
    input: NoArgs,
    write: false,
    run: async (actor) =>
      (await listAllCards(actor))
        .filter((c) => cardKind(c) === 'site')
        .map((c) => ({ id: c.id, name: c.name, url: c.siteUrl, tags: c.tags })),
  }),
  tool({
    name: 'list_all_cards',
    description: 'List every card of all kinds (website, social, note) in display order.',
    input: NoArgs,
    write: false,
    run: async (actor) => (await listAllCards(actor)).map(listEntry),
  }),
  tool({
    name: 'get_card',
    description: 'Get one of your cards (any kind) by id.',
    input: IdArgs,
    write: false,
    run: (actor, { id }) => getCard(actor, id),
  }),
  tool({
    name: 'get_site_preview',
    description:
      'Read the page at a URL (fetched by the server) and get the title, description and icon it gives itself, to fill in a new website card. Nothing is saved.',
    input: z.object({ url: siteFields.siteUrl }),
    write: false,
    run: (actor, { url }) => previewSite(actor, { url }),
  }),
];
