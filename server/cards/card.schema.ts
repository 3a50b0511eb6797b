// Input shapes for site, social and note cards (compat §1.4-1.6). Browser-safe: the editors validate with these too.
import { z } from 'zod';
import { colourField } from '../css/colour.schema';
import { formBoolean, optionalText, textError } from '../forms/fields.schema';
import { emailField, optionalImageUrl, urlField } from '../urls/url.schema';
import { SOCIAL_TYPE_IDS, VIRTUAL_TAG_IDS, type SocialTypeMeta } from './card-kinds.shared';

/** A link target (site, alternate and social URLs): the URL policy's `link` kind, normalised. */
export const LinkSchema = urlField('link', 2000);

/** The picture of a card (icon, QR code): an http(s) address, an uploaded file's path or a small raster image. */
const iconUrl = optionalImageUrl(2000, 'Icon URL must be at most 2000 characters');

/** The identifying value of a social card type: a link for URL types, an address for e-mail, else any text. */
export function socialIdSchema(idField: string, required = 'Required') {
  if (idField === 'url') return z.string(textError(required)).trim().min(1, required).pipe(LinkSchema);
  if (idField === 'email') return emailField(required);
  return z.string(textError(required)).trim().min(1, required).max(2000);
}

/** The picture of a QR code: an http(s) address or an uploaded file's path; empty means none. */
export const QrCodeUrlSchema = optionalImageUrl(2000, 'QR code URL must be at most 2000 characters');

/** What a social card type asks for when its identifying value is missing (pages translate these). */
export const SOCIAL_ID_REQUIRED: Record<SocialTypeMeta['idField'], string> = {
  qqNumber: 'Enter the QQ number',
  wechatId: 'Enter the WeChat ID',
  email: 'Enter the e-mail address',
  url: 'Enter the link',
  accountName: 'Enter the account name',
  xhsId: 'Enter the Xiaohongshu ID',
  douyinId: 'Enter the Douyin ID',
  groupNumber: 'Enter the group number',
  ewcId: 'Enter the WeCom ID',
};

/**
 * The payload of one social card type, the one rule of the API and the editor: the type's identifying value
 * (required, checked by its kind) and, for the types that show one, an optional QR code picture.
 */
export function socialPayloadSchema(meta: Pick<SocialTypeMeta, 'idField' | 'qr'>) {
  const required = SOCIAL_ID_REQUIRED[meta.idField];
  const id = z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    socialIdSchema(meta.idField, required),
  );
  return meta.qr
    ? z.object({ [meta.idField]: id, qrCodeUrl: QrCodeUrlSchema })
    : z.object({ [meta.idField]: id });
}

/** Tags one site card may be in. */
export const MAX_CARD_TAGS = 200;

const int = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

export const TodoSchema = z.object({
  id: z.string().trim().min(1).max(80),
  text: z
    .string(textError('Todo text is required'))
    .trim()
    .min(1, 'Todo text is required')
    .max(500, 'A todo must be at most 500 characters'),
  completed: formBoolean.default(false),
  noteId: z
    .string()
    .max(80)
    .nullish()
    .transform((v) => v ?? undefined),
});

/** One alternate URL of a site card. */
export const AccessUrlSchema = z.object({
  id: z.string().trim().min(1).max(80),
  url: LinkSchema,
  label: z.string().trim().max(20, 'A label must be at most 20 characters').default(''),
});

export const AccessRulesSchema = z
  .object({ urls: z.array(AccessUrlSchema).max(50) })
  .nullish()
  .transform((v) => v ?? null);

export const RelatedSiteSchema = z.object({
  cardId: z.string().min(1).max(80),
  cardName: z.string().max(200).optional(),
  cardIconUrl: z.string().max(2000).nullish(),
  cardUrl: z.string().max(2000).optional(),
  enabled: formBoolean.default(true),
  sortOrder: z.coerce.number().default(0),
  source: z.enum(['manual', 'ai']).default('manual'),
  reason: z.string().max(500).default(''),
});

/**
 * The rules of each site card field. The create/update schemas below and the editor's form schema
 * (app/lib/editor-schemas.ts, which needs checkbox and list semantics of HTML forms) are built from these.
 */
export const siteFields = {
  name: z
    .string(textError('Name is required'))
    .trim()
    .min(1, 'Name is required')
    .max(80, 'Name must be at most 80 characters'),
  siteUrl: LinkSchema,
  siteDescription: optionalText(200, 'Description must be at most 200 characters', { trim: false }),
  iconUrl,
  iconBgColor: colourField(30),
  siteIsPinned: formBoolean,
  siteSkipOnlineCheck: formBoolean,
  siteOnlineCheckFrequency: z.enum(['5min', '1h', '1d'], { error: 'Frequency must be 5min, 1h or 1d' }),
  siteOnlineCheckTimeout: int(1, 30, 'Timeout must be 1 to 30 seconds'),
  siteOnlineCheckMatchMode: z.enum(['status', 'keyword'], { error: 'Match mode must be status or keyword' }),
  siteOnlineCheckKeyword: z.string().max(200, 'Keyword must be at most 200 characters'),
  siteOnlineCheckFailThreshold: int(1, 10, 'Threshold must be 1 to 10'),
  siteOfflineNotify: formBoolean,
  tagIds: z
    .array(z.string().min(1).max(80))
    .max(MAX_CARD_TAGS)
    .refine(
      (ids) => !ids.some((id) => (VIRTUAL_TAG_IDS as readonly string[]).includes(id)),
      'Site cards cannot be put in the social or note card tags',
    ),
  siteAccessRules: AccessRulesSchema,
  siteRecommendContext: z.string().max(2000, 'Recommendation context must be at most 2000 characters'),
  siteRecommendContextEnabled: formBoolean,
  siteRecommendContextAutoGen: formBoolean,
  siteAiRelationEnabled: formBoolean,
  siteRelatedSites: z.array(RelatedSiteSchema).max(100),
  siteRelatedSitesEnabled: formBoolean,
  siteNotes: z.string().max(5000, 'Notes must be at most 5000 characters'),
  siteNotesAiEnabled: formBoolean,
  siteTodos: z.array(TodoSchema).max(500),
  siteTodosAiEnabled: formBoolean,
};

/** Site card creation: `siteUrl` (or its alias `url`) and `name` required, everything else defaulted (compat). */
export const SiteCreateSchema = z.preprocess(
  (raw) => withUrlAlias(raw),
  z.object({
    ...siteFields,
    siteDescription: siteFields.siteDescription.optional().transform((v) => v ?? null),
    iconUrl: siteFields.iconUrl.optional().transform((v) => v ?? null),
    iconBgColor: siteFields.iconBgColor.optional().transform((v) => v ?? null),
    siteIsPinned: siteFields.siteIsPinned.default(false),
    siteSkipOnlineCheck: siteFields.siteSkipOnlineCheck.default(false),
    siteOnlineCheckFrequency: siteFields.siteOnlineCheckFrequency.default('1d'),
    siteOnlineCheckTimeout: siteFields.siteOnlineCheckTimeout.default(3),
    siteOnlineCheckMatchMode: siteFields.siteOnlineCheckMatchMode.default('status'),
    siteOnlineCheckKeyword: siteFields.siteOnlineCheckKeyword.default(''),
    siteOnlineCheckFailThreshold: siteFields.siteOnlineCheckFailThreshold.default(3),
    siteOfflineNotify: siteFields.siteOfflineNotify.default(true),
    tagIds: siteFields.tagIds.default([]),
    siteAccessRules: siteFields.siteAccessRules.optional().transform((v) => v ?? null),
    siteRecommendContext: siteFields.siteRecommendContext.default(''),
    siteRecommendContextEnabled: siteFields.siteRecommendContextEnabled.default(true),
    siteRecommendContextAutoGen: siteFields.siteRecommendContextAutoGen.default(true),
    siteAiRelationEnabled: siteFields.siteAiRelationEnabled.default(true),
    siteRelatedSites: siteFields.siteRelatedSites.default([]),
    siteRelatedSitesEnabled: siteFields.siteRelatedSitesEnabled.default(true),
    siteNotes: siteFields.siteNotes.default(''),
    siteNotesAiEnabled: siteFields.siteNotesAiEnabled.default(true),
    siteTodos: siteFields.siteTodos.default([]),
    siteTodosAiEnabled: siteFields.siteTodosAiEnabled.default(true),
  }),
);
export type SiteCreate = z.infer<typeof SiteCreateSchema>;

/** Site card update: `id` plus any fields to change; fields left out keep their values. */
export const SiteUpdateSchema = z.preprocess(
  (raw) => withUrlAlias(raw),
  z
    .object(siteFields)
    .partial()
    .extend({
      id: z.string(textError('Card id is required')).min(1, 'Card id is required').max(80),
      originalUrl: z.string().max(2000).optional(),
    }),
);
export type SiteUpdate = z.infer<typeof SiteUpdateSchema>;

export const MemoPatchSchema = z.object({
  id: z.string(textError('Card id is required')).min(1, 'Card id is required').max(80),
  siteNotes: siteFields.siteNotes.optional(),
  siteNotesAiEnabled: formBoolean.optional(),
  siteTodos: siteFields.siteTodos.optional(),
  siteTodosAiEnabled: formBoolean.optional(),
});
export type MemoPatch = z.infer<typeof MemoPatchSchema>;

function withUrlAlias(raw: unknown): unknown {
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    const o = raw as Record<string, unknown>;
    if (o.siteUrl === undefined && typeof o.url === 'string') return { ...o, siteUrl: o.url };
  }
  return raw;
}

// ---- social cards ----

export const SocialPayloadSchema = z
  .record(z.string(), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]))
  .refine((p) => Object.keys(p).length <= 20, 'Too many payload fields');

export const SocialCreateSchema = z.object({
  cardType: z.enum(SOCIAL_TYPE_IDS, { error: 'Unknown social card type' }),
  label: z.string().trim().max(40, 'Label must be at most 40 characters').nullish(),
  iconUrl,
  iconBgColor: colourField(30),
  hint: z.string().trim().max(200, 'Hint must be at most 200 characters').nullish(),
  payload: SocialPayloadSchema,
});
export type SocialCreate = z.infer<typeof SocialCreateSchema>;

export const SocialUpdateSchema = SocialCreateSchema.partial().extend({
  id: z.string(textError('Card id is required')).min(1, 'Card id is required').max(80),
});
export type SocialUpdate = z.infer<typeof SocialUpdateSchema>;

// ---- note cards ----

export const NoteCreateSchema = z.object({
  title: z.string().trim().max(80, 'Title must be at most 80 characters').nullish(),
  content: z
    .string(textError('Please write the note'))
    .max(50_000, 'A note must be at most 50,000 characters')
    .refine((c) => c.trim().length > 0, 'Please write the note'),
  iconUrl: iconUrl.optional(),
  iconBgColor: colourField(30).optional(),
});
export type NoteCreate = z.infer<typeof NoteCreateSchema>;

export const NoteUpdateSchema = NoteCreateSchema.partial().extend({
  id: z.string(textError('Card id is required')).min(1, 'Card id is required').max(80),
});
export type NoteUpdate = z.infer<typeof NoteUpdateSchema>;

// ---- navigation ----

export const NavigationQuerySchema = z.object({
  scope: z.string().optional(),
  tagId: z.string().max(80).optional(),
  q: z.string().max(200, 'Search text must be at most 200 characters').optional(),
  cursor: z.string().max(1000).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be 1 to 100')
    .max(100, 'limit must be 1 to 100')
    .optional(),
});
export type NavigationQuery = z.infer<typeof NavigationQuerySchema>;
