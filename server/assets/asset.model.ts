import { defineModel } from '../db';
import { docSchema, nullable, required } from '../db-schema';

export const ASSET_KINDS = [
  'avatar',
  'wallpaper',
  'logo',
  'favicon',
  'icon',
  'note-image',
  'note-file',
  'note-attachment',
  /** A site's icon fetched by the server (server/site-icons), owned by SITE_ICON_OWNER. */
  'site-icon',
] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/** An uploaded file: the bytes live in S3 under `key`, this row says whose it is and how to serve it. */
export interface AssetDoc {
  /** `asset-<uuid>`; files are served by this id, so lookups go by `_id`. */
  _id: string;
  ownerId: string;
  kind: AssetKind;
  key: string;
  mimeType: string;
  size: number;
  originalName: string | null;
  noteId: string | null;
  /** When the note it belonged to was deleted; the file goes once that can no longer be undone. */
  detachedAt: Date | null;
  createdAt: Date;
}

const AssetSchema = docSchema<AssetDoc>({
  ownerId: { type: String, required: true, index: true },
  kind: { type: String, enum: ASSET_KINDS, required: true },
  ...required({ key: String, mimeType: String, size: Number }),
  ...nullable({ originalName: String }),
  noteId: { type: String, default: null, index: true },
  ...nullable({ detachedAt: Date }),
  ...required({ createdAt: Date }),
});

/** How stored content references a file: its serving URLs (icons, note Markdown, attachment lists). */
export const ASSET_REF = /\/api\/(?:assets\/|note-cards\/(?:img|file|attach)\/)(asset-[0-9a-f-]{36})/g;

export const AssetModel = defineModel<AssetDoc>('Asset', AssetSchema);
