import { authorizationServerMetadata } from '#server/mcp-oauth/mcp-oauth.metadata';
import { oauthJson, oauthRoute } from '~/lib/mcp-oauth.server';

/** OAuth authorization-server metadata (RFC 8414): this site issues the MCP endpoint's tokens itself. */
const handle = oauthRoute({
  GET: ({ origin }) =>
    oauthJson(authorizationServerMetadata(origin), 200, { 'Cache-Control': 'public, max-age=300' }),
});

export { handle as loader, handle as action };
