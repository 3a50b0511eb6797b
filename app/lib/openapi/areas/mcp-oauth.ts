import { z } from 'zod';
import { ClientRegistrationSchema, TokenRequestSchema } from '#server/mcp-oauth/mcp-oauth.schema';
import * as appById from '~/routes/api/user.apps.$id';
import * as apps from '~/routes/api/user.apps';
import * as register from '~/routes/oauth.register';
import * as token from '~/routes/oauth.token';
import * as asMetadata from '~/routes/well-known.oauth-authorization-server';
import * as prMetadata from '~/routes/well-known.oauth-protected-resource';
import { describeArea, describeRoute } from '../describe';
import { Success } from '../shapes';

// The MCP authorization flow (docs/decisions.md §69). Its endpoints outside /api answer in OAuth's shapes:
// errors are {"error", "error_description"} (RFC 6749 §5.2, RFC 7591 §3.2.2), not the API's {"error", "code"}.
const ORIGIN = 'https://nav.example.com';

const ProtectedResource = z.looseObject({
  resource: z.string(),
  authorization_servers: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  bearer_methods_supported: z.array(z.string()),
});
const PROTECTED_RESOURCE = {
  resource: `${ORIGIN}/api/mcp`,
  authorization_servers: [ORIGIN],
  scopes_supported: ['mcp:read', 'mcp:write'],
  bearer_methods_supported: ['header'],
};
const AuthorizationServer = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  registration_endpoint: z.string(),
  code_challenge_methods_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
});
const ClientInformation = z.object({
  client_id: z.string(),
  client_id_issued_at: z.number(),
  client_name: z.string(),
  redirect_uris: z.array(z.string()),
  grant_types: z.array(z.string()),
  response_types: z.array(z.string()),
  token_endpoint_auth_method: z.literal('none'),
  scope: z.string(),
});
const Tokens = z.object({
  access_token: z.string().describe('saa_ + 64 hex digits; valid at /api/mcp only, for an hour'),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  refresh_token: z.string().describe('sar_ + 64 hex digits; works once (rotation)'),
  scope: z.string().describe('mcp:read, or mcp:read mcp:write'),
});
const AppGrant = z.object({
  id: z.string(),
  clientName: z.string(),
  redirectHost: z.string(),
  readOnly: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
const APP = {
  id: `app-${'3c'.repeat(16)}`,
  clientName: 'Claude',
  redirectHost: 'claude.ai',
  readOnly: false,
  createdAt: '2026-03-01T09:00:00.000Z',
  lastUsedAt: '2026-03-02T10:15:00.000Z',
};

export const mcpOauthArea = describeArea(
  'MCP authorization',
  'OAuth 2.1 with PKCE for AI assistants that speak the MCP authorization flow: they discover these endpoints ' +
    'from the 401 of /api/mcp, register themselves, send you to /oauth/authorize to allow them (read only, or ' +
    'read and write), then use the tokens they get at /api/mcp. Your connected apps are listed and revoked beside ' +
    'your access tokens.',
  [
    describeRoute('/.well-known/oauth-protected-resource', prMetadata, {
      GET: {
        summary: 'Protected-resource metadata of the MCP endpoint (RFC 9728)',
        auth: 'public',
        response: ProtectedResource,
        example: { response: PROTECTED_RESOURCE },
      },
    }),
    describeRoute('/.well-known/oauth-protected-resource/api/mcp', prMetadata, {
      GET: {
        summary: 'The same, at the address the 401 of /api/mcp names in WWW-Authenticate (resource_metadata)',
        auth: 'public',
        response: ProtectedResource,
        example: { response: PROTECTED_RESOURCE },
      },
    }),
    describeRoute('/.well-known/oauth-authorization-server', asMetadata, {
      GET: {
        summary: 'Authorization-server metadata (RFC 8414)',
        description: 'PKCE with S256 only; public clients only (token_endpoint_auth_method none).',
        auth: 'public',
        response: AuthorizationServer,
        example: {
          response: {
            issuer: ORIGIN,
            authorization_endpoint: `${ORIGIN}/oauth/authorize`,
            token_endpoint: `${ORIGIN}/oauth/token`,
            registration_endpoint: `${ORIGIN}/oauth/register`,
            code_challenge_methods_supported: ['S256'],
            grant_types_supported: ['authorization_code', 'refresh_token'],
            token_endpoint_auth_methods_supported: ['none'],
          },
        },
      },
    }),
    describeRoute('/oauth/register', register, {
      POST: {
        summary: 'Dynamic client registration (RFC 7591): public clients',
        description:
          'redirect_uris: 1 to 5, each https, or http on 127.0.0.1, [::1] or localhost; no fragment. Errors: ' +
          'invalid_redirect_uri, invalid_client_metadata (400), too_many_requests (429: 20 an hour per address). ' +
          'A client nobody allows within a day is removed.',
        auth: 'public',
        body: ClientRegistrationSchema,
        status: 201,
        response: ClientInformation,
        errors: [413, 429],
        example: {
          body: {
            client_name: 'Claude',
            redirect_uris: ['https://claude.ai/api/mcp/auth_callback'],
            token_endpoint_auth_method: 'none',
          },
          response: {
            client_id: `mcp-${'5e'.repeat(16)}`,
            client_id_issued_at: 1772355600,
            client_name: 'Claude',
            redirect_uris: ['https://claude.ai/api/mcp/auth_callback'],
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
            token_endpoint_auth_method: 'none',
            scope: 'mcp:read mcp:write',
          },
        },
      },
    }),
    describeRoute('/oauth/token', token, {
      POST: {
        summary: 'Token endpoint: authorization_code (with PKCE) and refresh_token grants',
        description:
          'A form body (application/x-www-form-urlencoded). authorization_code: code, code_verifier, client_id, ' +
          'redirect_uri, optional resource. refresh_token: refresh_token, client_id; each refresh token works once ' +
          'and the answer carries the next one. Errors (400 unless said): invalid_request, invalid_grant (code or ' +
          'refresh token unknown, used, expired, or for another client or redirect_uri; wrong code_verifier), ' +
          'invalid_client (401), invalid_target, invalid_scope, unsupported_grant_type, too_many_requests (429).',
        auth: 'public',
        formBody: {
          schema: TokenRequestSchema,
          example: {
            grant_type: 'authorization_code',
            code: 'Qm9vay1tYXJrcy1hcmUtbmljZS1jb2RlLWV4YW1wbGU',
            code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
            client_id: `mcp-${'5e'.repeat(16)}`,
            redirect_uri: 'https://claude.ai/api/mcp/auth_callback',
          },
        },
        response: Tokens,
        errors: [429],
        example: {
          response: {
            access_token: `saa_${'0a'.repeat(32)}`,
            token_type: 'Bearer',
            expires_in: 3600,
            refresh_token: `sar_${'0b'.repeat(32)}`,
            scope: 'mcp:read mcp:write',
          },
        },
      },
    }),
    describeRoute('/api/user/apps', apps, {
      GET: {
        summary: 'The apps you connected through MCP authorization, newest first (a bare array)',
        response: z.array(AppGrant),
        example: { response: [APP] },
      },
    }),
    describeRoute('/api/user/apps/:id', appById, {
      DELETE: {
        summary: 'Revoke an app connection: its access and refresh tokens stop working at once',
        response: Success,
        errors: [404],
        example: { params: { id: APP.id }, response: { success: true } },
      },
    }),
  ],
);
