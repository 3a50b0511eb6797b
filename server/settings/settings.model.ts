import { Schema } from 'mongoose';
import { defineModel } from '../db';
import { docSchema, nullable } from '../db-schema';
import { PRODUCT_NAME } from '../product';

export interface FloatingButton {
  id: string;
  label: string;
  enabled: boolean;
  editable: boolean;
  customData?: Record<string, string>;
}

/** Instance-wide settings: a single document with `_id: "global"`. */
export interface SettingsDoc {
  _id: string;
  siteName: string;
  registrationEnabled: boolean;
  socialTagDescription: string | null;
  /** Position of the virtual tags (social, note) among the tags, keyed by virtual id. */
  virtualTagOrder: Record<string, number>;
  lightLogoAssetId: string | null;
  darkLogoAssetId: string | null;
  faviconAssetId: string | null;
  onlineCheckEnabled: boolean;
  onlineCheckTime: number;
  /** Visitors see the sites' online status (the tiles' dots); the owner always does. */
  onlineStatusPublic: boolean;
  onlineCheckLastRun: Date | null;
  aiApiKey: string;
  aiBaseUrl: string;
  aiModel: string;
  /** Outbound requests (online checks, webhooks, AI, icons) may reach private, loopback and link-local addresses. */
  outboundAllowPrivate: boolean;
  /** Hosts (`nas.lan`, `*.lan`) and addresses/CIDRs reachable even when private networks are not allowed. */
  outboundAllowList: string[];
  /**
   * Where site icons come from: empty = fetched and served by this server (no third party); otherwise an external
   * icon service as a URL template with `{domain}`, e.g. `https://favicon.im/{domain}?larger=true`.
   */
  siteIconService: string;
  /** Per-user limits on a data space (docs/api.md "Quotas"); every user, the admin included. */
  quotaCards: number;
  quotaTags: number;
  /** Bytes of a space's cards and tags as the read model counts them (server/spaces/space.snapshot.ts). */
  quotaBytes: number;
  /** The floating buttons as saved (merged with the built-in ones on read); null until changed. */
  floatingButtons: FloatingButton[] | null;
  /** Scheduled backups of the whole instance (server/backups; docs/decisions.md §73): off until switched on. */
  backupEnabled: boolean;
  /** A backup slot begins every `backupEveryHours` hours, counted from `backupHour`:00 UTC. */
  backupEveryHours: number;
  backupHour: number;
  /** How many archives are kept at the destination (the newest). */
  backupKeep: number;
  /** `s3`: the bucket under `backups/`; `folder`: BACKUP_DIR on the server. */
  backupDestination: 's3' | 'folder';
  updatedAt: Date;
}

export const SETTINGS_ID = 'global';

export const SETTINGS_DEFAULTS: Omit<SettingsDoc, '_id' | 'updatedAt'> = {
  siteName: PRODUCT_NAME,
  registrationEnabled: true,
  socialTagDescription: null,
  virtualTagOrder: {},
  lightLogoAssetId: null,
  darkLogoAssetId: null,
  faviconAssetId: null,
  onlineCheckEnabled: true,
  onlineCheckTime: 4,
  onlineStatusPublic: true,
  onlineCheckLastRun: null,
  aiApiKey: '',
  aiBaseUrl: '',
  aiModel: '',
  outboundAllowPrivate: false,
  outboundAllowList: [],
  siteIconService: '',
  // Generous for one person (a heavy bookmark collection is a few thousand cards), small enough that one account
  // cannot fill the server's memory budget on its own.
  quotaCards: 50_000,
  quotaTags: 2_000,
  quotaBytes: 100 * 1024 * 1024,
  floatingButtons: null,
  backupEnabled: false,
  backupEveryHours: 24,
  backupHour: 3,
  backupKeep: 7,
  backupDestination: 's3',
};

const SettingsSchema = docSchema<SettingsDoc>(
  {
    siteName: String,
    registrationEnabled: Boolean,
    ...nullable({ socialTagDescription: String }),
    virtualTagOrder: { type: Schema.Types.Mixed, default: {} },
    ...nullable({ lightLogoAssetId: String, darkLogoAssetId: String, faviconAssetId: String }),
    onlineCheckEnabled: Boolean,
    onlineCheckTime: Number,
    onlineStatusPublic: Boolean,
    ...nullable({ onlineCheckLastRun: Date }),
    aiApiKey: String,
    aiBaseUrl: String,
    aiModel: String,
    outboundAllowPrivate: Boolean,
    outboundAllowList: { type: [String], default: undefined },
    siteIconService: String,
    quotaCards: Number,
    quotaTags: Number,
    quotaBytes: Number,
    ...nullable({ floatingButtons: Schema.Types.Mixed }),
    backupEnabled: Boolean,
    backupEveryHours: Number,
    backupHour: Number,
    backupKeep: Number,
    backupDestination: String,
  },
  { timestamps: { createdAt: false, updatedAt: true }, minimize: false },
);

export const SettingsModel = defineModel<SettingsDoc>('Settings', SettingsSchema);
