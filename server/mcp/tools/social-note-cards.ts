import { z } from 'zod';
import type { NoteCardDto } from '../../cards/card.dto';
import { NoteCreateSchema, SocialCreateSchema, SocialUpdateSchema } from '../../cards/card.schema';
import {
  createNoteCard,
  deleteNoteCards,
  listNoteCards,
  updateNoteCard,
} from '../../cards/note-card.service';
import { getCard } from '../../cards/site-card.service';
import {
  createSocialCard,
  deleteSocialCards,
  listSocialCards,
  updateSocialCard,
} from '../../cards/social-card.service';
import { deleteTool, IdArgs, NoArgs, tool } from '../mcp.tool';

const SOCIAL_TAG_NOTE =
  'Social cards have no real tags: they are all listed under the virtual tag __social_cards__.';

const note = (n: NoteCardDto) => ({
  id: n.id,
  title: n.title,
  content: n.content,
  iconUrl: n.iconUrl,
  iconBgColor: n.iconBgColor,
  createdAt: n.createdAt,
  updatedAt: n.updatedAt,
});

const NoteArgs = NoteCreateSchema.extend({
  title: z.string().trim().min(1, 'Title is required').max(80, 'Title must be at most 80 characters'),
});

export const socialCardTools = [
  tool({
    name: 'list_social_cards',
    description: 'List your social cards (QQ, WeChat, e-mail, ...) in display order.',
    input: NoArgs,
    write: false,
    run: async (actor) =>
      (await listSocialCards(actor)).map((c) => ({ ...c, tags: [], _tagNote: SOCIAL_TAG_NOTE })),
  }),
  tool({
    name: 'create_social_card',
    description:
      'Create a social card; payload holds the identifying fields of its type (e.g. qqNumber, wechatId, email, url).',
    input: SocialCreateSchema.omit({ hint: true }).extend({ tagId: z.string().max(80).optional() }),
    write: true,
    run: async (actor, { tagId: _ignored, ...input }) => {
      const item = await createSocialCard(actor, input);
      return getCard(actor, item.id);
    },
  }),
  tool({
    name: 'update_social_card',
    description: 'Change a social card; fields left out keep their values.',
    input: SocialUpdateSchema.omit({ cardType: true }),
    write: true,
    run: async (actor, input) => (await updateSocialCard(actor, input)).card,
  }),
  deleteTool('delete_social_card', 'Delete one social card.', deleteSocialCards),
];

export const noteCardTools = [
  tool({
    name: 'list_note_cards',
    description: 'List your note cards (Markdown) in display order.',
    input: NoArgs,
    write: false,
    run: (actor) => listNoteCards(actor),
  }),
  tool({
    name: 'create_note_card',
    description: 'Create a note card with a title and Markdown content.',
    input: NoteArgs,
    write: true,
    run: async (actor, input) => note((await createNoteCard(actor, input)).item),
  }),
  tool({
    name: 'update_note_card',
    description: 'Change a note card; fields left out keep their values.',
    input: NoteArgs.partial().extend(IdArgs.shape),
    write: true,
    run: async (actor, input) => note((await updateNoteCard(actor, input)).item),
  }),
  deleteTool('delete_note_card', 'Delete one note card.', deleteNoteCards),
];
