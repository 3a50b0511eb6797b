import { Schema } from 'mongoose';
import { defineModel } from '../db';
import { docSchema, defaults, nullable, required } from '../db-schema';

/**
 * One account at an external provider bound to one of our users. `_id` is `<provider>:<providerAccountId>`, so the
 * unique `_id` insert is what makes "one provider account, one user" hold under concurrency (FerretDB v1 has no
 * transactions) and a sign-in is one `_id` lookup.
 */
export interface OAuthAccountDoc {
  _id: string;
  userId: string;
  provider: string;
  providerAccountId: string;
  displayName: string | null;
  avatarUrl: string | null;
  email: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const OAuthAccountSchema = docSchema<OAuthAccountDoc>(
  {
    ...required({ userId: String, provider: String, providerAccountId: String }),
    ...nullable({ displayName: String, avatarUrl: String, email: String }),
  },
  { timestamps: true },
);
// One binding per provider per user (the unbind API names only the provider).
OAuthAccountSchema.index({ userId: 1, provider: 1 }, { unique: true });

export const OAuthAccountModel = defineModel<OAuthAccountDoc>('OAuthAccount', OAuthAccountSchema);

/**
 * The providers' configuration, kept apart from the settings so no export carries it: one document per provider
 * (`_id: "provider:<key>"`, holding only `providers.<key>`) and `global` for the base URL (and the providers saved
 * before that layout). See readOAuthConfig.
 */
export interface OAuthConfigDoc {
  _id: string;
  /** Provider key -> its configuration (see oauth.schema.ts ProviderConfig). */
  providers: Record<string, Record<string, unknown>>;
  /** Public base URL for callbacks; empty: PUBLIC_URL, else the request's origin. */
  baseUrl: string;
  updatedAt: Date;
}

const OAuthConfigSchema = docSchema<OAuthConfigDoc>(
  {
    providers: { type: Schema.Types.Mixed, default: {} },
    ...defaults({ baseUrl: '' }),
  },
  { timestamps: { createdAt: false, updatedAt: true }, minimize: false },
);

export const OAuthConfigModel = defineModel<OAuthConfigDoc>('OAuthConfig', OAuthConfigSchema);
