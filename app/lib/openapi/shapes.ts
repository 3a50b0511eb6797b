// Response shapes of the JSON API (docs/api.md, compat.md §2) for the OpenAPI description and for checking the
// examples. A service's DTO is described by its own schema (`server/<domain>/<domain>.dto.ts`, the type and the
// mapper's target); only the small answers that have no DTO (ok, errors, wrappers) are written here. The document
// leaves objects open (more fields may appear); the tests hold the answers to the DTO schemas exactly.
import { z } from 'zod';
import { ThemeAppearanceDtoSchema } from '#server/appearance/appearance.dto';
import { NoteAttachmentDtoSchema } from '#server/assets/asset.dto';
import { CardDtoSchema, NoteCardDtoSchema, SocialCardDtoSchema } from '#server/cards/card.dto';
import { ChannelDtoSchema } from '#server/notifications/channel.dto';
import { AppSettingsDtoSchema, FloatingButtonDtoSchema } from '#server/settings/settings.dto';
import { SnapshotDtoSchema } from '#server/snapshots/snapshot.dto';
import { TagDtoSchema } from '#server/tags/tag.dto';
import { TokenDtoSchema } from '#server/tokens/token.dto';
import { AccountSummarySchema, ProfileDtoSchema, UserDtoSchema } from '#server/users/user.dto';

export const Ok = z.object({ ok: z.literal(true) });
export const Success = z.object({ success: z.literal(true) });
export const Undoable = Ok.extend({ undoToken: z.string().describe('for POST /api/undo, valid 30 minutes') });

export const ErrorBody = z.object({
  error: z.string().describe('a human-readable message'),
  code: z.string().describe('a machine-readable code, e.g. validation_failed, unauthorized, not_found'),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** `{item: X}`, the wrapper most single-object answers use. */
export const itemOf = <T extends z.ZodType>(item: T) => z.object({ item });
/** `{items: X[]}`. */
export const itemsOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

/** The shapes the reference names (`array of Tag`); /docs/api lists their fields under "Shapes". */
export const NAMED_SHAPES = {
  Tag: TagDtoSchema,
  Card: CardDtoSchema,
  SocialCard: SocialCardDtoSchema,
  NoteCard: NoteCardDtoSchema,
  Token: TokenDtoSchema,
  AccountSummary: AccountSummarySchema,
  Profile: ProfileDtoSchema,
  User: UserDtoSchema,
  Attachment: NoteAttachmentDtoSchema,
  Channel: ChannelDtoSchema,
  ThemeAppearance: ThemeAppearanceDtoSchema,
  AppSettings: AppSettingsDtoSchema,
  FloatingButton: FloatingButtonDtoSchema,
  Snapshot: SnapshotDtoSchema,
} as const;
for (const [title, schema] of Object.entries(NAMED_SHAPES)) z.globalRegistry.add(schema, { title });
