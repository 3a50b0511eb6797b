import { protectedResourceMetadata } from '#server/mcp-oauth/mcp-oauth.metadata';
import { oauthJson, oauthRoute } from '~/lib/mcp-oauth.server';

/**
 * OAuth protected-resource metadata (RFC 9728) of the MCP endpoint, at the root and at the path-suffixed address
 * the 401's WWW-Authenticate names (`/.well-known/oauth-protected-resource/api/mcp`).
 */
const CACHE = { 'Cache-Control': 'public, max-age=300' };
const handle = oauthRoute({ GET: ({ origin }) => oauthJson(protectedResourceMetadata(origin), 200, CACHE) });

export { handle as loader, handle as action };
