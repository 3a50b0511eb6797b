// Add by URL without AI and save from anywhere: "Fetch details" fills the site form from the page (JavaScript on:
// in place, when the URL field is left; off: a form post), the bookmarklet on the profile page and the manifest's
// share target open the form prefilled, and a signed-out user comes back to it after signing in.
import type { Page } from '@playwright/test';
import { startStandIn, type StandIn } from '../servers/http-server';
import { api, expect, jsEnabled, openPage, reviewPage, signInAs, test, waitForHydration } from './fixtures';
import { ADMIN } from './instance';

test.describe.configure({ mode: 'serial' });

let site: StandIn;
test.beforeAll(async () => {
  site = await startStandIn((req, res) => {
    if (req.url === '/page') {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          '<html><head><title>Stand-in Docs</title><meta name="description" content="Docs served for the test">' +
            '<link rel="icon" href="/icon.png"></head><body>hello</body></html>',
        );
    } else if (req.url === '/file.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end('not really');
    } else res.writeHead(404).end();
  });
});
test.afterAll(() => site.close());

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('pasting a URL and fetching its details fills the empty fields, then the card saves', async ({
  page,
  context,
}, info) => {
  await signInAs(context, info);
  // The stand-in is on 127.0.0.1: the admin opens private targets, as a home-lab admin would for the LAN.
  await api(page.request, 'put', '/api/settings', { outboundAllowPrivate: true });
  await openPage(page, info, '/edit/sites/new');
  await expect(page.getByRole('button', { name: 'Fetch details' })).toBeVisible();

  // A page that is no web page: nothing is filled, a short reason shows, the typed values stay.
  await field(page, 'URL').fill(`${site.url}/file.png`);
  await field(page, 'Description').fill('My own words');
  await page.getByRole('button', { name: 'Fetch details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'not a web page' })).toHaveText(
    'Nothing was filled in: the address is not a web page.',
  );
  await expect(field(page, 'Description')).toHaveValue('My own words');
  await expect(field(page, 'Name')).toHaveValue('');

  const url = `${site.url}/page`;
  const reloads: string[] = [];
  if (jsEnabled(info)) {
    // With JavaScript, leaving the URL field fetches by itself, without a reload.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    // Nor does any page data reload after it: a fetch changes nothing stored, and the root's reload would show (and
    // clear) the one-time message a save right after it leaves for the dashboard.
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname.endsWith('.data')) reloads.push(r.url());
    });
    await field(page, 'URL').fill(url);
    await field(page, 'URL').press('Tab');
  } else {
    await field(page, 'URL').fill(url);
    await page.getByRole('button', { name: 'Fetch details' }).click();
  }
  await expect(field(page, 'Name')).toHaveValue('Stand-in Docs');
  await expect(field(page, 'Icon URL')).toHaveValue(`/api/site-icons/127.0.0.1:${site.port}`);
  // What the user typed is kept.
  await expect(field(page, 'Description')).toHaveValue('My own words');
  await expect(page.getByRole('status').filter({ hasText: 'Filled in' })).toHaveText(
    'Filled in from the page: name, icon. Check them and save.',
  );
  if (jsEnabled(info)) {
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(reloads).toEqual([]);
  }
  await reviewPage(page, info, 'add-by-url-filled');

  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/$|\/\?/);
  const cards = (await api(page.request, 'get', '/api/site-cards')).items as { name: string }[];
  expect(cards.find((c) => c.name === 'Stand-in Docs')).toMatchObject({
    siteUrl: url,
    siteDescription: 'My own words',
  });
});

test('the profile offers a bookmarklet whose address opens the form prefilled', async ({
  page,
  context,
  baseURL,
}, info) => {
  await signInAs(context, info);
  await openPage(page, info, '/profile#bookmarklet');
  const link = page.locator('#bookmarklet-link');
  await expect(link).toHaveText('Add to Sakura Dash');
  await expect(page.getByRole('heading', { name: 'Save from anywhere' })).toBeVisible();
  const href = (await link.getAttribute('href'))!;
  expect(href.startsWith('javascript:')).toBe(true);
  await reviewPage(page, info, 'profile-bookmarklet');

  // What the bookmarklet does on another page, run with that page's location, title and selection.
  const place = { href: `${site.url}/page?x=1&y=<2>` };
  new Function('location', 'document', 'getSelection', href.slice('javascript:'.length))(
    place,
    { title: 'A page & "its" title' },
    () => '  chosen   words ',
  );
  expect(place.href.startsWith(`${baseURL}/edit/sites/new?url=`)).toBe(true);
  await openPage(page, info, place.href);
  await expect(field(page, 'URL')).toHaveValue(`${site.url}/page?x=1&y=<2>`);
  await expect(field(page, 'Name')).toHaveValue('A page & "its" title');
  await expect(field(page, 'Description')).toHaveValue('chosen words');

  // The page checks the prefill like any input: a javascript: address is dropped.
  await openPage(page, info, '/edit/sites/new?url=javascript%3Aalert(1)&name=Evil');
  await expect(field(page, 'URL')).toHaveValue('');
  await expect(field(page, 'Name')).toHaveValue('Evil');
});

test('the manifest declares a share target, and a shared page opens the form prefilled', async ({
  page,
  context,
}, info) => {
  await signInAs(context, info);
  await api(page.request, 'put', '/api/settings', { outboundAllowPrivate: true });
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  const target = manifest.share_target as { action: string; method: string; params: Record<string, string> };
  expect(target).toEqual({
    action: '/edit/sites/new',
    method: 'GET',
    params: { title: 'name', text: 'text', url: 'url' },
  });
  // What a phone sends when an app shares a page with the address in its text and no url.
  const shared = new URLSearchParams({
    [target.params.title!]: 'Shared docs',
    [target.params.text!]: `Read this: ${site.url}/page`,
    [target.params.url!]: '',
  });
  await openPage(page, info, `${target.action}?${shared}`);
  await expect(field(page, 'URL')).toHaveValue(`${site.url}/page`);
  await expect(field(page, 'Name')).toHaveValue('Shared docs');
  if (jsEnabled(info)) {
    // With JavaScript a prefilled address is fetched at once: the empty description is filled, the name kept.
    await expect(field(page, 'Description')).toHaveValue('Docs served for the test');
    await expect(field(page, 'Name')).toHaveValue('Shared docs');
  } else {
    await expect(field(page, 'Description')).toHaveValue('');
  }
});

test('a signed-out user signs in and comes back to the prefilled form', async ({ page }, info) => {
  const target = `/edit/sites/new?url=${encodeURIComponent('https://later.example/read')}&name=Later`;
  await page.goto(target);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await waitForHydration(page, info);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(target);
  await expect(field(page, 'URL')).toHaveValue('https://later.example/read');
  await expect(field(page, 'Name')).toHaveValue('Later');
});
