import { NoteCreateSchema, NoteUpdateSchema } from '#server/cards/card.schema';
import {
  createNoteCard,
  deleteNoteCards,
  listNoteCards,
  updateNoteCard,
} from '#server/cards/note-card.service';
import { apiRoute } from '~/lib/api.server';
import { deleteOneOrAll, listItems } from '~/lib/api-handlers.server';

const handle = apiRoute({
  GET: listItems('user', listNoteCards),
  POST: { auth: 'user', body: NoteCreateSchema, run: ({ actor, body }) => createNoteCard(actor, body) },
  PUT: { auth: 'user', body: NoteUpdateSchema, run: ({ actor, body }) => updateNoteCard(actor, body) },
  DELETE: deleteOneOrAll(deleteNoteCards),
});

export { handle as loader, handle as action };
