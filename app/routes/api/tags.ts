import { z } from 'zod';
import { textError } from '#server/forms/fields.schema';
import { TagCreateSchema, TagUpdateSchema } from '#server/tags/tag.schema';
import { createTag, deleteTag, listTags, updateTag } from '#server/tags/tag.service';
import { apiRoute } from '~/lib/api.server';

const VIRTUAL_NOTE =
  'Social and note cards are listed under the virtual tags __social_cards__ and __note_cards__ in /api/navigation/tags; they are not real tags and cannot be changed here.';

const handle = apiRoute({
  GET: { auth: 'user', run: async ({ actor }) => ({ items: await listTags(actor), _note: VIRTUAL_NOTE }) },
  POST: {
    auth: 'user',
    body: TagCreateSchema,
    run: async ({ actor, body }) => ({ item: await createTag(actor, body) }),
  },
  PUT: {
    auth: 'user',
    body: TagUpdateSchema,
    run: async ({ actor, body }) => ({ item: await updateTag(actor, body) }),
  },
  DELETE: {
    auth: 'user',
    query: z.object({
      id: z.string(textError('id is required')).min(1, 'id is required'),
      deleteCards: z.enum(['true', 'false', '1', '0']).optional(),
    }),
    run: async ({ actor, query }) => {
      const { undoToken, deletedCards } = await deleteTag(actor, query.id, {
        deleteCards: query.deleteCards === 'true' || query.deleteCards === '1',
      });
      return { ok: true, deletedCards, undoToken };
    },
  },
});

export { handle as loader, handle as action };
