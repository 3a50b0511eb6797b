import { SCOPES } from './mcp-oauth.schema';

// The discovery documents (RFC 9728, RFC 8414) for the site reached at `origin`: this app is both the MCP server
// (the protected resource) and its authorization server, so the issuer is the site itself.

export const MCP_PATH = '/api/mcp';
export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';

/** The resource indicator (RFC 8707) of the MCP endpoint: what access tokens are for. */
export const mcpResource = (origin: string) => `${origin}${MCP_PATH}`;

/** Where a client reads the MCP endpoint's protected-resource metadata (named in the 401's WWW-Authenticate). */
export const resourceMetadataUrl = (origin: string) => `${origin}${PROTECTED_RESOURCE_PATH}${MCP_PATH}`;

/** Whether `resource` names the MCP endpoint (or one of its legacy SSE paths) of this site. */
export function isOurResource(origin: string, resource: string): boolean {
  const mcp = mcpResource(origin);
  return resource === mcp || resource === `${mcp}/` || resource.startsWith(`${mcp}/sse`);
}

export function protectedResourceMetadata(origin: string) {
  return {
    resource: mcpResource(origin),
    authorization_servers: [origin],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'SakuraNav MCP',
    resource_documentation: `${origin}/docs/api`,
  };
}

export function authorizationServerMetadata(origin: string) {
  return {
    issuer: origin,
    authorization_endpoint: `${origin}/oauth/authorize`,
    token_endpoint: `${origin}/oauth/token`,
    registration_endpoint: `${origin}/oauth/register`,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${origin}/docs/api`,
  };
}
