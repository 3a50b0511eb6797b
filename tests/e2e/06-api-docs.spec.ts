import { expect, jsEnabled, reviewPage, reviewing, signInAs, test, waitForHydration } from './fixtures';

test.describe.configure({ mode: 'serial' });

test('anyone reads the API reference; a user finds it and the MCP set-up on the profile', async ({
  page,
  context,
}, info) => {
  // In the opt-in run the whole API reference is scanned for accessibility in both themes: 108 s of 180 s on a
  // loaded CI machine.
  if (reviewing) test.setTimeout(360_000);
  await page.goto('/docs/api');
  await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Tags' }),
  ).toBeVisible();
  const createTag = page.locator('#post-api-tags');
  await expect(createTag.getByText('Create a tag')).toBeVisible();
  await expect(createTag.locator('pre')).toContainText(
    `curl -X POST '${new URL(page.url()).origin}/api/tags'`,
  );
  await expect(page.getByRole('link', { name: /\/api\/openapi\.json$/ })).toBeVisible();
  await waitForHydration(page, info);
  await reviewPage(page, info, 'api-docs');

  await signInAs(context, info);
  await page.goto('/profile');
  const origin = new URL(page.url()).origin;
  const mcp = page.getByRole('region', { name: 'Connect an AI assistant (MCP)' });
  await expect(mcp.getByText(`${origin}/api/mcp`, { exact: true })).toBeVisible();
  await expect(mcp.getByText(`${origin}/api/mcp/sse`, { exact: true })).toBeVisible();
  await expect(mcp.locator('pre').first()).toContainText('"Authorization": "Bearer sak_YOUR_TOKEN"');
  await waitForHydration(page, info);
  // Copy buttons need JavaScript; without it the snippets are plain selectable text.
  const copy = mcp.getByRole('button', { name: 'Copy client configuration' });
  if (jsEnabled(info)) await expect(copy).toBeVisible();
  else await expect(copy).toBeHidden();
  await reviewPage(page, info, 'profile-mcp');

  await page
    .getByRole('region', { name: 'Access tokens' })
    .getByRole('link', { name: 'API reference' })
    .click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible();
});
