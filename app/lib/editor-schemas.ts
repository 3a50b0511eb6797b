// Form schemas of the editor pages, used by conform on both sides. They are built from the API's field rules
// (server/cards/card.schema.ts, server/tags/tag.schema.ts) and add only what HTML forms need: an unticked checkbox
// is false (not "unchanged" nor the API's default), list rows may come without ids (the server gives them one),
// and a few required choices get a readable message. The actions then run the API schema itself on the mapped
// input (see app/lib/editor-values.ts), so the pages can never accept what the API refuses.
import { z } from 'zod';
import {
  AccessUrlSchema,
  NoteCreateSchema,
  RelatedSiteSchema,
  SocialCreateSchema,
  TodoSchema,
  siteFields,
  socialPayloadSchema,
} from '#server/cards/card.schema';
import type { SocialTypeMeta } from '#server/cards/card-kinds.shared';
import { TagCreateSchema } from '#server/tags/tag.schema';

export const REQUIRED_MESSAGE = 'This field is required';
export const CHOOSE_SITE_MESSAGE = 'Choose a site';

export const TagFormSchema = TagCreateSchema;
export type TagFormValue = z.infer<typeof TagFormSchema>;

const AccessUrlRow = AccessUrlSchema.extend({ id: AccessUrlSchema.shape.id.optional() });
const TodoRow = TodoSchema.extend({ id: TodoSchema.shape.id.optional() });
const RelatedRow = RelatedSiteSchema.pick({ reason: true, source: true }).extend({
  cardId: z.string({ error: CHOOSE_SITE_MESSAGE }).pipe(RelatedSiteSchema.shape.cardId),
  enabled: RelatedSiteSchema.shape.enabled.unwrap().default(false),
});

export const SiteFormSchema = z.object({
  // basic
  name: siteFields.name,
  siteUrl: siteFields.siteUrl,
  siteDescription: siteFields.siteDescription,
  iconUrl: siteFields.iconUrl,
  iconBgColor: siteFields.iconBgColor,
  siteIsPinned: siteFields.siteIsPinned.default(false),
  tagIds: siteFields.tagIds.default([]),
  // alternate URLs
  siteAccessRules: z.object({ urls: z.array(AccessUrlRow).default([]) }).default({ urls: [] }),
  // online check
  siteSkipOnlineCheck: siteFields.siteSkipOnlineCheck.default(false),
  siteOnlineCheckFrequency: siteFields.siteOnlineCheckFrequency,
  siteOnlineCheckTimeout: siteFields.siteOnlineCheckTimeout,
  siteOnlineCheckMatchMode: siteFields.siteOnlineCheckMatchMode,
  siteOnlineCheckKeyword: siteFields.siteOnlineCheckKeyword.default(''),
  siteOnlineCheckFailThreshold: siteFields.siteOnlineCheckFailThreshold,
  siteOfflineNotify: siteFields.siteOfflineNotify.default(false),
  // related sites
  siteRecommendContext: siteFields.siteRecommendContext.default(''),
  siteRecommendContextEnabled: siteFields.siteRecommendContextEnabled.default(false),
  siteRecommendContextAutoGen: siteFields.siteRecommendContextAutoGen.default(false),
  siteAiRelationEnabled: siteFields.siteAiRelationEnabled.default(false),
  siteRelatedSitesEnabled: siteFields.siteRelatedSitesEnabled.default(false),
  siteRelatedSites: z.array(RelatedRow).default([]),
  // memo
  siteNotes: siteFields.siteNotes.default(''),
  siteNotesAiEnabled: siteFields.siteNotesAiEnabled.default(false),
  siteTodos: z.array(TodoRow).default([]),
  siteTodosAiEnabled: siteFields.siteTodosAiEnabled.default(false),
});
export type SiteFormInput = z.input<typeof SiteFormSchema>;
export type SiteFormValue = z.infer<typeof SiteFormSchema>;

/**
 * A social card form for one type: the API's own payload rule for the type (its identifying value required, with
 * a message naming it; an optional QR picture for the types that show one).
 */
export function socialFormSchema(meta: SocialTypeMeta) {
  return SocialCreateSchema.pick({ label: true, hint: true, iconUrl: true, iconBgColor: true }).extend({
    payload: socialPayloadSchema(meta),
  });
}
/** The file input of a QR code picture chosen in the social form (a multipart post). */
export const QR_FILE_FIELD = 'qrCodeFile';

export type SocialFormValue = z.infer<ReturnType<typeof socialFormSchema>>;

export const NoteFormSchema = NoteCreateSchema.pick({ title: true, content: true, iconUrl: true });
export type NoteFormValue = z.infer<typeof NoteFormSchema>;
