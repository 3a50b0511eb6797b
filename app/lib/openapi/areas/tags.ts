import { z } from 'zod';
import { TagDtoSchema } from '#server/tags/tag.dto';
import * as cardsReorder from '~/routes/api/tags.$tagId.sites.reorder';
import * as cardsRestore from '~/routes/api/tags.$tagId.sites.restore';
import * as reorder from '~/routes/api/tags.reorder';
import * as tags from '~/routes/api/tags';
import { describeArea, describeRoute, type RouteModule } from '../describe';
import { CARD, TAG, UNDO_TOKEN } from '../examples';
import { idListDoc } from '../operations';
import { Undoable, itemOf } from '../shapes';

/** The cards of a tag, under /sites/ and under its alias /cards/ (the same route module). */
const tagCardsRoutes = (action: 'reorder' | 'restore', module: RouteModule, summary: string) =>
  (['sites', 'cards'] as const).map((segment) =>
    describeRoute(
      `/api/tags/:tagId/${segment}/${action}`,
      module,
      idListDoc(segment === 'cards' ? `${summary} (alias)` : summary, [CARD.id], {
        params: { tagId: TAG.id },
        errors: [404],
      }),
    ),
  );

export const tagsArea = describeArea('Tags', 'Your tags and the order of cards inside them.', [
  describeRoute('/api/tags', tags, {
    GET: {
      summary: 'Your tags, hidden ones included',
      response: z.object({ items: z.array(TagDtoSchema), _note: z.string() }),
      example: { response: { items: [TAG], _note: 'Social and note cards are listed under virtual tags …' } },
    },
    POST: {
      summary: 'Create a tag',
      response: itemOf(TagDtoSchema),
      example: {
        body: { name: 'Work', logoBgColor: '#2563eb', description: 'Everyday tools' },
        response: { item: TAG },
      },
    },
    PUT: {
      summary: 'Change a tag (fields left out keep their values)',
      response: itemOf(TagDtoSchema),
      errors: [404],
      example: { body: { id: TAG.id, name: 'Job' }, response: { item: { ...TAG, name: 'Job' } } },
    },
    DELETE: {
      summary: 'Delete a tag (deleteCards=true also deletes its cards)',
      response: Undoable.extend({ deletedCards: z.number() }),
      errors: [404],
      example: {
        query: { id: TAG.id, deleteCards: 'false' },
        response: { ok: true, deletedCards: 0, undoToken: UNDO_TOKEN },
      },
    },
  }),
  describeRoute(
    '/api/tags/reorder',
    reorder,
    idListDoc('Put your tags in this order', [TAG.id, 'tag-77b1'], { errors: [404] }),
  ),
  ...tagCardsRoutes('reorder', cardsReorder, 'Order the cards inside a tag'),
  ...tagCardsRoutes('restore', cardsRestore, 'Put cards back into a tag'),
]);
