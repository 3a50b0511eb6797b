// Shared by the OAuth tests: local providers, the admin's configuration and playing a browser through a flow.
import { expect } from 'vitest';
import { appUrl } from '../setup/app';
import { Client, type CallResult } from '../setup/client';
import { PASSWORD } from '../factories';
import { startGitHubStandIn, type GitHubStandIn } from '../servers/github-stand-in';
import { oidcSignIn, startOidcServer, type OidcServer } from '../servers/oidc-server';
import { freshIp } from './account-helpers';

export interface Providers {
  github: GitHubStandIn;
  oidc: OidcServer;
  close(): Promise<void>;
}

export async function startProviders(): Promise<Providers> {
  const base = await appUrl();
  const github = await startGitHubStandIn();
  const oidc = await startOidcServer({ redirectUris: [`${base}/api/auth/oauth/oidc/callback`] });
  return { github, oidc, close: async () => void (await Promise.all([github.close(), oidc.close()])) };
}

/** Sets the instance up through the API (admin `boss`, seeded starter data) and returns the admin's browser. */
export async function setUpAdmin(): Promise<Client> {
  const c = new Client({ ip: freshIp() });
  const res = await c.post('/api/setup', { username: 'boss', password: PASSWORD, confirmPassword: PASSWORD });
  expect(res.status).toBe(200);
  return c;
}

export function providerConfigs(p: Providers) {
  return {
    github: {
      enabled: true,
      clientId: p.github.clientId,
      clientSecret: p.github.clientSecret,
      serverUrl: p.github.url,
    },
    oidc: {
      enabled: true,
      issuer: p.oidc.issuer,
      clientId: p.oidc.clientId,
      clientSecret: p.oidc.clientSecret,
      label: 'Company SSO',
    },
  };
}

export async function configure(admin: Client, p: Providers): Promise<void> {
  const res = await admin.put('/api/admin/oauth', { configs: providerConfigs(p) });
  expect(res.status, res.text).toBe(200);
}

/** Runs a GitHub flow in this browser: start, "GitHub" approves, callback. Returns the callback's answer. */
export async function githubFlow(c: Client, query = ''): Promise<CallResult> {
  const start = await c.get(`/api/auth/oauth/github${query}`);
  expect(start.status, start.text).toBe(302);
  const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location')!);
  return c.get(back.pathname + back.search);
}

/** Runs an OIDC flow in this browser, signing in at the provider as `account`. */
export async function oidcFlow(c: Client, account: string, query = ''): Promise<CallResult> {
  const start = await c.get(`/api/auth/oauth/oidc${query}`);
  expect(start.status, start.text).toBe(302);
  const back = new URL(await oidcSignIn(start.headers.get('location')!, account));
  return c.get(back.pathname + back.search);
}
