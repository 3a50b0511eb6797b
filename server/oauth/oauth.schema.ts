import { z } from 'zod';

// Shapes of the OAuth provider configuration and its API bodies. Browser-safe: the admin page renders its form
// from PROVIDER_FIELDS.

export const PROVIDER_KEYS = ['github', 'oidc', 'wechat', 'wecom', 'feishu', 'dingtalk'] as const;
export type ProviderKey = (typeof PROVIDER_KEYS)[number];
export const ProviderKeySchema = z.enum(PROVIDER_KEYS, { error: 'Unknown provider' });

export function isProviderKey(value: unknown): value is ProviderKey {
  return typeof value === 'string' && (PROVIDER_KEYS as readonly string[]).includes(value);
}

/** Every configuration field a provider may have; which ones each provider uses is in PROVIDER_FIELDS. */
export const CONFIG_FIELDS = [
  'clientId',
  'clientSecret',
  'appId',
  'appSecret',
  'corpId',
  'agentId',
  'appKey',
  'secret',
  'issuer',
  'scopes',
  'label',
  'serverUrl',
] as const;
export type ConfigField = (typeof CONFIG_FIELDS)[number];

/** Fields that are secrets: never sent back unmasked. */
export const SECRET_FIELDS: readonly ConfigField[] = ['clientSecret', 'appSecret', 'secret'];

/** Per provider: the fields it needs (required) and the ones it may have (optional). */
export const PROVIDER_FIELDS: Record<ProviderKey, { required: ConfigField[]; optional: ConfigField[] }> = {
  github: { required: ['clientId', 'clientSecret'], optional: ['serverUrl'] },
  oidc: { required: ['issuer', 'clientId', 'clientSecret'], optional: ['scopes', 'label'] },
  wechat: { required: ['appId', 'appSecret'], optional: ['serverUrl'] },
  wecom: { required: ['corpId', 'agentId', 'secret'], optional: ['serverUrl'] },
  feishu: { required: ['appId', 'appSecret'], optional: ['serverUrl'] },
  dingtalk: { required: ['appKey', 'appSecret'], optional: ['serverUrl'] },
};

/** Names and button colours (the older service's `{key, label, color}`). */
export const PROVIDER_META: Record<ProviderKey, { label: string; color: string }> = {
  github: { label: 'GitHub', color: '#24292f' },
  oidc: { label: 'OpenID Connect', color: '#4b5563' },
  wechat: { label: '微信', color: '#07c160' },
  wecom: { label: '企业微信', color: '#2b7cd3' },
  feishu: { label: '飞书', color: '#3370ff' },
  dingtalk: { label: '钉钉', color: '#1677ff' },
};

/** A stored provider configuration (all strings; an empty or missing field is unset). */
export type ProviderConfig = { enabled: boolean } & Partial<Record<ConfigField, string>>;

/** Fields that name where a provider's secret is sent (its issuer, or the server replacing its hosts). */
export const ADDRESS_FIELDS: readonly ConfigField[] = ['issuer', 'serverUrl'];

const field = z.string().trim().max(2000).optional();

export const ProviderConfigSchema = z
  .object({
    enabled: z
      .preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean())
      .default(false),
    ...Object.fromEntries(CONFIG_FIELDS.map((f) => [f, field])),
  })
  .superRefine((cfg, ctx) => {
    for (const f of ADDRESS_FIELDS) {
      const v = (cfg as Record<string, unknown>)[f];
      if (typeof v === 'string' && v !== '' && !/^https?:\/\/[^\s]+$/i.test(v)) {
        ctx.addIssue({ code: 'custom', path: [f], message: 'Must be an http(s) URL' });
      }
    }
  }) as unknown as z.ZodType<ProviderConfig>;

const BaseUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s/]+(\/[^\s]*)?$/i.test(v), 'baseUrl must be an http(s) URL');

/**
 * `PUT /api/admin/oauth`: `{configs: {<provider>: cfg}, baseUrl?}`, or (as the older client also sent it) the
 * provider map at the top level. Providers left out keep their configuration.
 */
export const OAuthAdminUpdateSchema = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== 'object') return raw;
    const o = raw as Record<string, unknown>;
    if ('configs' in o) return o;
    const configs = Object.fromEntries(Object.entries(o).filter(([k]) => isProviderKey(k)));
    return { configs, baseUrl: o.baseUrl };
  },
  z.object({
    configs: z.partialRecord(ProviderKeySchema, ProviderConfigSchema).default({}),
    baseUrl: BaseUrlSchema.optional(),
  }),
);
export type OAuthAdminUpdate = z.infer<typeof OAuthAdminUpdateSchema>;

/** `POST /api/admin/oauth/test`: a provider and optionally the configuration being edited (masked secrets kept). */
export const OAuthTestSchema = z.object({
  provider: ProviderKeySchema,
  config: ProviderConfigSchema.optional(),
});

/** `DELETE /api/user/oauth-bind`. */
export const OAuthUnbindSchema = z.object({ provider: ProviderKeySchema });
