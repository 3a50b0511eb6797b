import { VIRTUAL_TAG_IDS } from '../../cards/card-kinds.shared';
import { listNavigationTags } from '../../navigation/navigation.service';
import { IdListSchema, TagCreateSchema, TagUpdateSchema } from '../../tags/tag.schema';
import { createTag, deleteTag, listTags, reorderTags, updateTag } from '../../tags/tag.service';
import { actionTool, deleteTool, NoArgs, tool } from '../mcp.tool';

const VIRTUAL_NOTE =
  'Virtual tag: it lists every card of one kind (social or note cards). It cannot be renamed or deleted; its cards are managed with the social-card and note-card tools.';

const isVirtual = (id: string) => (VIRTUAL_TAG_IDS as readonly string[]).includes(id);

const tagFields = TagCreateSchema.pick({ name: true, logoUrl: true, logoBgColor: true, description: true });

export const tagTools = [
  tool({
    name: 'list_tags',
    description: 'List all tags in display order, including the virtual social-card and note-card tags.',
    input: NoArgs,
    write: false,
    run: async (actor) =>
      (await listNavigationTags(actor, { includeHidden: true })).map((t) =>
        isVirtual(t.id) ? { ...t, _note: VIRTUAL_NOTE } : t,
      ),
  }),
  tool({
    name: 'list_site_tags',
    description: 'List the real tags (without the virtual ones) in display order.',
    input: NoArgs,
    write: false,
    run: (actor) => listTags(actor),
  }),
  tool({
    name: 'create_tag',
    description: 'Create a tag.',
    input: tagFields,
    write: true,
    run: (actor, args) => createTag(actor, args),
  }),
  tool({
    name: 'update_tag',
    description: 'Change a tag; fields left out keep their values, null clears a field.',
    input: tagFields.partial().extend({ id: TagUpdateSchema.shape.id }),
    write: true,
    run: (actor, args) => updateTag(actor, args),
  }),
  deleteTool(
    'delete_tag',
    'Delete a tag; its cards stay (they only leave the tag). Virtual tags cannot be deleted.',
    deleteTag,
  ),
  actionTool({
    name: 'reorder_tags',
    description: 'Reorder tags: the given ids (virtual tags included) take these positions in this order.',
    input: IdListSchema,
    run: (actor, { ids }) => reorderTags(actor, ids),
  }),
];
