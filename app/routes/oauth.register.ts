import { REGISTER_PER_IP, registerClient } from '#server/mcp-oauth/client.service';
import { ClientRegistrationSchema } from '#server/mcp-oauth/mcp-oauth.schema';
import { oauthJson, oauthRoute, readOAuthJson } from '~/lib/mcp-oauth.server';

/** Dynamic client registration (RFC 7591): public clients only, within a limit per client address. */
const handle = oauthRoute(
  {
    POST: async ({ request }) =>
      oauthJson(await registerClient(await readOAuthJson(request, ClientRegistrationSchema)), 201),
  },
  REGISTER_PER_IP,
);

export { handle as loader, handle as action };
