// Signing in through external providers (issue 14), JavaScript on and off: the admin configures GitHub on
// /admin/oauth (and OpenID Connect), a visitor signs up through a real local OIDC server, then binds GitHub on
// /profile, unbinds it, and cannot unbind the last way to sign in.
import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import { startGitHubStandIn, type GitHubStandIn } from '../servers/github-stand-in';
import { startOidcServer, type OidcServer } from '../servers/oidc-server';
import { answerOutsideWeb, expect, reviewPage, signInAs, test, waitForHydration } from './fixtures';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

// Started by the test, which knows its instance's address (the OIDC client's redirect URI); closed after the file.
let github: GitHubStandIn | undefined;
let oidc: OidcServer | undefined;

// The stand-in OpenID provider's own pages load from the internet.
test.beforeEach(({ context }) => answerOutsideWeb(context));

test.afterAll(async () => {
  await github?.close();
  await oidc?.close();
});

async function csrfOf(context: BrowserContext, page: Page): Promise<string> {
  await page.goto('/profile');
  return (await context.cookies()).find((c) => c.name === 'csrf_token')!.value;
}

/**
 * Fills and saves one provider's form on /admin/oauth; waits for *this* provider's confirmation (the previous
 * save's "Saved GitHub." may still be showing, and the next step must not clear the cookies while this one is
 * in flight).
 */
async function saveProvider(
  page: Page,
  info: TestInfo,
  key: string,
  label: string,
  fields: Record<string, string>,
) {
  const form = page.locator(`#provider-${key}`);
  await form.getByLabel('Enabled').check();
  for (const [label, value] of Object.entries(fields))
    await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved ${label}.`)).toBeVisible({ timeout: 30_000 });
  await waitForHydration(page, info);
  await expect(form.locator('.panel-header .badge')).toHaveText('Enabled');
}

test('the admin sets providers up; a visitor signs up with OIDC and binds GitHub on the profile', async ({
  page,
  context,
  baseURL,
}, info) => {
  const base = String(baseURL);
  github = await startGitHubStandIn();
  oidc = await startOidcServer({ redirectUris: [`${base}/api/auth/oauth/oidc/callback`] });
  // The admin allows private addresses for outbound requests (the providers run on 127.0.0.1).
  await signInAs(context, info);
  const csrf = await csrfOf(context, page);
  const allow = await page.request.put('/api/settings', {
    data: { outboundAllowPrivate: true },
    headers: { 'x-csrf-token': csrf, origin: base },
  });
  expect(allow.status(), await allow.text()).toBe(200);

  // The admin page: linked from the header menu, with callback URLs to paste and a test button.
  await page.goto('/');
  await page.locator('summary.user-chip').click();
  await page.getByRole('link', { name: 'Sign-in providers' }).click();
  await expect(page.getByRole('heading', { name: 'Sign-in providers', level: 1 })).toBeVisible();
  await waitForHydration(page, info);
  await expect(page.locator('#provider-github .oauth-callback')).toHaveText(
    `${base}/api/auth/oauth/github/callback`,
  );
  await saveProvider(page, info, 'github', 'GitHub', {
    'Client ID': github.clientId,
    'Client secret': github.clientSecret,
    'Server URL (optional)': github.url,
  });
  // The secret is not sent back; an empty field keeps it, and the test uses it.
  await expect(page.locator('#github-clientSecret')).toHaveValue('');
  await expect(page.locator('#provider-github')).toContainText(
    `Stored: ****${github.clientSecret.slice(-4)}`,
  );
  // A test keeps what was typed. It used to remount every panel once the page's data came back, so what was
  // typed meanwhile was lost (and a save right after went in disabled and empty); without JavaScript the page came
  // back with the stored values.
  const githubForm = page.locator('#provider-github');
  await githubForm.getByLabel('Client secret', { exact: true }).fill(github.clientSecret);
  await githubForm.getByRole('button', { name: 'Test connection' }).click();
  await expect(githubForm).toContainText('Test passed');
  await waitForHydration(page, info);
  await expect(page.locator('#github-clientSecret')).toHaveValue(github.clientSecret);
  await expect(githubForm.getByLabel('Enabled')).toBeChecked();
  await saveProvider(page, info, 'oidc', 'OpenID Connect', {
    'Issuer or discovery URL': oidc.issuer,
    'Client ID': oidc.clientId,
    'Client secret': oidc.clientSecret,
    'Button label': 'Company SSO',
  });
  await reviewPage(page, info, 'admin-oauth');
  await context.clearCookies();

  // A visitor signs up through the OIDC provider.
  await page.goto('/login');
  await waitForHydration(page, info);
  await reviewPage(page, info, 'login-providers', { phone: false });
  await page.getByRole('link', { name: 'Continue with Company SSO' }).click();
  const account = `visitor-${info.project.name}`;
  await page.locator('input[name="login"]').fill(account);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(/\/profile\?oauth=welcome/);
  await expect(page.getByText('Your account was created through the provider.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `User ${account}`, level: 1 })).toBeVisible();
  const connections = page.locator('#connections');
  await expect(connections.locator('[data-provider="oidc"]')).toContainText(`Bound to User ${account}`);

  // Bind GitHub from the profile.
  await waitForHydration(page, info);
  await connections.locator('[data-provider="github"]').getByRole('link', { name: 'Connect' }).click();
  await expect(page).toHaveURL(/\/profile\?oauth=bound/);
  await expect(page.getByText('The account is now connected.')).toBeVisible();
  await expect(connections.locator('[data-provider="github"]')).toContainText('Bound to Octo Cat');
  await reviewPage(page, info, 'profile-connections', { phone: false });

  // Unbind GitHub; the OIDC account is then the last way to sign in and stays.
  await waitForHydration(page, info);
  await connections.getByRole('button', { name: 'Disconnect GitHub' }).click();
  await expect(page.getByText('The account was unbound.')).toBeVisible();
  await waitForHydration(page, info);
  await connections.getByRole('button', { name: 'Disconnect Company SSO' }).click();
  await expect(page.getByText('This is your last way to sign in')).toBeVisible();
  await expect(connections.locator('[data-provider="oidc"]')).toContainText('Bound to');

  // Signing in again through the provider reaches the same account.
  await context.clearCookies();
  await page.goto('/login');
  await waitForHydration(page, info);
  await page.getByRole('link', { name: 'Continue with Company SSO' }).click();
  await page.locator('input[name="login"]').fill(account);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(new RegExp(`^${base}/$`));
  await expect(page.locator('summary.user-chip')).toContainText(`User ${account}`);
});
