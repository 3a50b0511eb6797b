import { TOKEN_PER_IP, exchangeToken } from '#server/mcp-oauth/grant-token.service';
import { TokenRequestSchema } from '#server/mcp-oauth/mcp-oauth.schema';
import { oauthJson, oauthRoute, readOAuthForm } from '~/lib/mcp-oauth.server';

/** The token endpoint: authorization_code (with PKCE) and refresh_token (rotated) grants. */
const handle = oauthRoute(
  {
    POST: async ({ request, origin }) =>
      oauthJson(await exchangeToken(await readOAuthForm(request, TokenRequestSchema), origin)),
  },
  TOKEN_PER_IP,
);

export { handle as loader, handle as action };
