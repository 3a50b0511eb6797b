import { z } from 'zod';
import { NoteCreateSchema, NoteUpdateSchema } from '#server/cards/card.schema';
import {
  createNoteCard,
  deleteNoteCards,
  listNoteCards,
  updateNoteCard,
} from '#server/cards/note-card.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: { auth: 'user', run: async ({ actor }) => ({ items: await listNoteCards(actor) }) },
  POST: { auth: 'user', body: NoteCreateSchema, run: ({ actor, body }) => createNoteCard(actor, body) },
  PUT: { auth: 'user', body: NoteUpdateSchema, run: ({ actor, body }) => updateNoteCard(actor, body) },
  DELETE: {
    auth: 'user',
    query: z.object({ id: z.string().max(80).optional() }),
    run: async ({ actor, query }) => ({ ok: true, ...(await deleteNoteCards(actor, query.id || undefined)) }),
  },
});

export { handle as loader, handle as action };
