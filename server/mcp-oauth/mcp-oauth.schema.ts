import { z } from 'zod';

/** The two scopes a grant can have: reading, or reading and writing (docs/decisions.md §69). */
export const SCOPE_READ = 'mcp:read';
export const SCOPE_WRITE = 'mcp:write';
export const SCOPES = [SCOPE_READ, SCOPE_WRITE] as const;
/** What a grant allows, as the consent page offers it. */
export const GRANT_ACCESS = ['read', 'write'] as const;
export type GrantAccess = (typeof GRANT_ACCESS)[number];

export const MAX_REDIRECT_URIS = 5;
export const MAX_URI_LENGTH = 2000;

/**
 * A redirect URI a client may register: https, or http on a loopback address only (a native app's local listener,
 * RFC 8252 §7.3); no fragment, no credentials.
 */
export function redirectUriProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.hash || value.includes('#')) return 'must not have a fragment';
  if (url.username || url.password) return 'must not carry credentials';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname)) return null;
  return 'must be https, or http on a loopback address (127.0.0.1, [::1], localhost)';
}

/** Dynamic client registration (RFC 7591), the fields we keep or check; others are ignored. */
export const ClientRegistrationSchema = z.object({
  redirect_uris: z
    .array(z.string().max(MAX_URI_LENGTH, `a redirect URI is at most ${MAX_URI_LENGTH} characters`))
    .min(1, 'at least one redirect URI is required')
    .max(MAX_REDIRECT_URIS, `at most ${MAX_REDIRECT_URIS} redirect URIs`),
  client_name: z.string().trim().max(100, 'client_name is at most 100 characters').optional(),
  token_endpoint_auth_method: z.string().max(100).optional(),
  grant_types: z.array(z.string().max(100)).max(10).optional(),
  response_types: z.array(z.string().max(100)).max(10).optional(),
  scope: z.string().max(500).optional(),
});
export type ClientRegistration = z.infer<typeof ClientRegistrationSchema>;

/** The query of an authorization request (and the hidden fields of the consent form that repeat it). */
export const AuthorizeRequestSchema = z.object({
  response_type: z.string().max(100).optional(),
  client_id: z.string().max(100).optional(),
  redirect_uri: z.string().max(MAX_URI_LENGTH).optional(),
  code_challenge: z.string().max(200).optional(),
  code_challenge_method: z.string().max(20).optional(),
  state: z.string().max(1000).optional(),
  scope: z.string().max(500).optional(),
  resource: z.string().max(MAX_URI_LENGTH).optional(),
});
export type AuthorizeRequest = z.infer<typeof AuthorizeRequestSchema>;

/** The consent form's answer. */
export const ConsentSchema = z.object({
  decision: z.enum(['allow', 'deny']),
  access: z.enum(GRANT_ACCESS).default('read'),
});

/** A token request (application/x-www-form-urlencoded); fields are checked per grant type by the service. */
export const TokenRequestSchema = z.object({
  grant_type: z.string().max(100).optional(),
  code: z.string().max(200).optional(),
  redirect_uri: z.string().max(MAX_URI_LENGTH).optional(),
  client_id: z.string().max(100).optional(),
  code_verifier: z.string().max(200).optional(),
  refresh_token: z.string().max(200).optional(),
  resource: z.string().max(MAX_URI_LENGTH).optional(),
  scope: z.string().max(500).optional(),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;
