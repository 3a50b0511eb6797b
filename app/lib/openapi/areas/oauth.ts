import { z } from 'zod';
import { PROVIDER_KEYS } from '#server/oauth/oauth.schema';
import * as adminOAuth from '~/routes/api/admin.oauth';
import * as adminOAuthTest from '~/routes/api/admin.oauth.check';
import * as providers from '~/routes/api/auth.oauth-providers';
import * as callback from '~/routes/api/auth.oauth.$provider.callback';
import * as start from '~/routes/api/auth.oauth.$provider';
import * as bind from '~/routes/api/user.oauth-bind';
import { describeArea, describeRoute } from '../describe';
import { Ok } from '../shapes';

// Signing in through GitHub, OpenID Connect, WeChat, WeCom, Feishu and DingTalk (docs/api.md "Sign-in with external
// providers"). The two browser routes answer only redirects.

const Provider = z.enum(PROVIDER_KEYS);
const ProviderConfig = z
  .looseObject({ enabled: z.boolean() })
  .describe(
    'enabled plus the provider’s fields: github clientId, clientSecret, serverUrl? · oidc issuer, clientId, ' +
      'clientSecret, scopes?, label? · wechat appId, appSecret · wecom corpId, agentId, secret · feishu appId, ' +
      'appSecret · dingtalk appKey, appSecret (the Chinese providers also serverUrl?). Secrets masked as ****+last 4.',
  );
const AdminView = z.object({
  configs: z.record(z.string(), ProviderConfig).describe('one entry per provider key'),
  baseUrl: z.string().describe('the public origin for callback URLs; "" = PUBLIC_URL or the request’s'),
});
const REDIRECT = (to: string) => ({ type: 'none', description: `302 redirect ${to}` });
const GITHUB = { enabled: true, clientId: 'Iv1.8a61f9b3a7aba766', clientSecret: '****c0de' };
const CONFIGS = {
  github: GITHUB,
  oidc: { enabled: false },
  wechat: { enabled: false },
  wecom: { enabled: false },
  feishu: { enabled: false },
  dingtalk: { enabled: false },
};

export const oauthArea = describeArea(
  'Sign-in providers',
  'Sign-in and account binding through GitHub, OpenID Connect, WeChat, WeCom, Feishu and DingTalk. The ' +
    'callback URL to register at a provider is <base>/api/auth/oauth/<provider>/callback.',
  [
    describeRoute('/api/auth/oauth-providers', providers, {
      GET: {
        summary: 'The providers offered on the sign-in page (enabled and fully configured; no secrets)',
        response: z.object({
          providers: z.array(z.object({ key: Provider, label: z.string(), color: z.string() })),
        }),
        example: { response: { providers: [{ key: 'github', label: 'GitHub', color: '#24292f' }] } },
      },
    }),
    describeRoute('/api/auth/oauth/:provider', start, {
      GET: {
        summary: 'Start signing in (or, from a signed-in browser, binding) with a provider',
        description:
          'Redirects to the provider’s authorization page with state (PKCE for github, oidc and feishu) and sets ' +
          'a short-lived state cookie. A browser session without ?mode=login binds the provider account to ' +
          'the signed-in user instead. An unknown or disabled provider redirects to ' +
          '/login?oauth=error&reason=unavailable; never an error status.',
        query: z.object({ mode: z.literal('login').optional().describe('sign in even when signed in') }),
        status: 302,
        produces: REDIRECT('to the provider (Location)'),
        example: { params: { provider: 'github' }, query: { mode: 'login' } },
      },
    }),
    describeRoute('/api/auth/oauth/:provider/callback', callback, {
      GET: {
        summary: 'Where the provider sends the browser back; always a redirect',
        description:
          'Signed in → / (a new account oauth_<8 hex> for an unknown provider account → /profile?oauth=welcome); ' +
          'bound → /profile?oauth=bound#connections (conflict: ?oauth=conflict); failures → ' +
          '/login?oauth=error&reason=unavailable|state|denied|provider.',
        query: z.object({
          code: z.string().optional(),
          authCode: z.string().optional().describe('DingTalk’s name for code'),
          state: z.string().optional(),
          error: z.string().optional().describe('the provider’s refusal, e.g. access_denied'),
        }),
        status: 302,
        produces: REDIRECT('to /, /profile or /login with the outcome'),
        example: { params: { provider: 'github' }, query: { code: '4e1a7c0d9b2f', state: 'st-6d2f0a9e' } },
      },
    }),
    describeRoute('/api/user/oauth-bind', bind, {
      GET: {
        summary: 'The provider accounts bound to yours, oldest first',
        response: z.object({
          bindings: z.array(
            z.object({
              provider: z.string(),
              displayName: z.string().nullable(),
              avatarUrl: z.string().nullable(),
              boundAt: z.string().describe('ISO 8601 date-time'),
            }),
          ),
        }),
        example: {
          response: {
            bindings: [
              {
                provider: 'github',
                displayName: 'alice',
                avatarUrl: null,
                boundAt: '2026-01-15T08:30:00.000Z',
              },
            ],
          },
        },
      },
      DELETE: {
        summary: 'Unbind a provider account',
        description:
          'Refused (400) when it is the last way to sign in of an account without a password; 403 from a ' +
          'session an administrator opened.',
        response: Ok,
        errors: [404],
        example: { body: { provider: 'github' }, response: { ok: true } },
      },
    }),
    describeRoute('/api/admin/oauth', adminOAuth, {
      GET: {
        summary: 'Every provider’s configuration, secrets masked',
        response: AdminView,
        example: { response: { configs: CONFIGS, baseUrl: 'https://nav.example.com' } },
      },
      PUT: {
        summary: 'Change provider configurations (providers left out keep theirs)',
        description:
          'A secret starting with **** keeps the stored value, but only at the issuer or server URL it was saved ' +
          'with (another one: 400 secret_required, type the secret again); an empty string unsets a field. An ' +
          'enabled provider needs its required fields (400). The provider map at the top level is accepted too.',
        response: AdminView.extend({ ok: z.literal(true) }),
        example: {
          body: {
            configs: { github: { ...GITHUB, clientSecret: 'b7e41c2f09d35a8e6f1c0de' } },
            baseUrl: 'https://nav.example.com',
          },
          response: { ok: true, configs: CONFIGS, baseUrl: 'https://nav.example.com' },
        },
      },
    }),
    describeRoute('/api/admin/oauth/test', adminOAuthTest, {
      POST: {
        summary:
          'Check a provider’s credentials with a cheap call (stored, or the configuration being edited)',
        description:
          'Masked secrets in config are replaced by the stored ones, at the address they were saved with only ' +
          '(400 secret_required otherwise). A failed check is ok: false, not 4xx.',
        response: z.object({ ok: z.boolean(), message: z.string() }),
        example: {
          body: { provider: 'github', config: GITHUB },
          response: { ok: true, message: 'GitHub accepted the client credentials' },
        },
      },
    }),
  ],
);
