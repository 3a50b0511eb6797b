import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createAdmin, instanceName, startInstance, type Instance } from './instance';

// A 1x1 transparent PNG.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The instance of the spec file running in this worker (one at a time: a worker runs one file after another). */
let current: Instance | undefined;

function currentInstance(): Instance {
  if (!current) throw new Error('no app instance: use `test` from tests/e2e/fixtures');
  return current;
}

interface Options {
  /**
   * The spec file's instance starts without an administrator (the first-run setup page); by default the fixture
   * creates `boss` / `Secret123` (ADMIN in ./instance) through the first-run API. Set per file:
   * `test.use({ firstRun: true })`.
   */
  firstRun: boolean;
}

/**
 * Every test gets the app instance of its spec file (`instance`, also the `baseURL`): started fresh at the file's
 * first test, stopped when the worker moves to another file. Console errors and uncaught page errors fail the test.
 * The browser resolves no name outside loopback (playwright.config.ts): our pages load nothing from outside; a spec
 * that visits a page which does (a stand-in provider's sign-in page) calls `answerOutsideWeb`.
 */
export const test = base.extend<
  Options & { instance: Instance; consoleErrors: string[] },
  { instances: { for(info: TestInfo, firstRun: boolean): Promise<Instance> } }
>({
  firstRun: [false, { option: true }],
  instances: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      let file: string | undefined;
      // The next file's instance is started while this file's tests run (a second of CPU the browser and the
      // tests leave idle), without an administrator: a file that wants one gets it when it takes the instance.
      let started = 0;
      const startSpare = () => {
        const name = instanceName(workerInfo.project.name, `w${workerInfo.workerIndex}-${started++}`);
        const spare = startInstance(name, { firstRun: true });
        // Its failure is reported by the test that takes it, not as an unhandled rejection meanwhile.
        spare.catch(() => {});
        return spare;
      };
      let spare = startSpare();
      await use({
        async for(info, firstRun) {
          const key = `${info.project.name}:${info.file}`;
          if (current && file === key) return current;
          await current?.stop();
          current = undefined;
          const taking = spare;
          spare = startSpare();
          const taken = await taking;
          if (!firstRun) await createAdmin(taken);
          current = taken;
          file = key;
          return current;
        },
      });
      await current?.stop();
      current = undefined;
      await (await spare.catch(() => undefined))?.stop();
    },
    { scope: 'worker' },
  ],
  instance: [
    async ({ instances, firstRun }, use, info) => {
      await use(await instances.for(info, firstRun));
    },
    // Starting an instance (a second or two, much more on a loaded machine) does not eat the first test's time.
    { auto: true, timeout: 120_000 },
  ],
  // (`provide` rather than `use`: the React hooks lint rule takes a `use` call in `baseURL` for a hook.)
  baseURL: async ({ instance }, provide) => {
    await provide(instance.url);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // A page answered with a 4xx status on purpose (a form re-rendered with errors, a 404 page) makes the
      // browser log "Failed to load resource"; only those are tolerated, failed sub-resources are not.
      let documentErrors = 0;
      page.on('response', (r) => {
        // With JavaScript, a form post is a fetch of `<page>.data`; its 4xx answer is the re-rendered form.
        const type = r.request().resourceType();
        const formData = type === 'fetch' && new URL(r.url()).pathname.endsWith('.data');
        if ((type === 'document' || formData) && r.status() >= 400 && r.status() < 500) documentErrors += 1;
      });
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        if (
          documentErrors > 0 &&
          /^Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())
        ) {
          documentErrors -= 1;
          return;
        }
        errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Answers the context's requests to outside hosts with a stand-in image, for pages that are not ours and load
 * something from the internet (test machines have none). Opt-in: intercepting every request of a context costs
 * the browser and the runner about a sixth of a journey's time.
 */
export async function answerOutsideWeb(context: BrowserContext) {
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }),
  );
}

export const jsEnabled = (info: TestInfo) => info.project.name === 'js';

/**
 * Accessibility scans and screenshots for people run in the opt-in group only (npm run test:heavy): an axe scan
 * of a large page costs seconds to minutes of CPU on these machines, and screenshots assert nothing.
 */
export const reviewing = process.env.TEST_HEAVY === '1';

/** Saves a full-page screenshot under .tmp/screens/<project>/ for people to look at (opt-in: `reviewing`). */
export async function screenshot(page: Page, info: TestInfo, name: string) {
  if (!reviewing) return;
  const dir = path.resolve('.tmp/screens', info.project.name);
  mkdirSync(dir, { recursive: true });
  // Transitions finished, so a theme switched just before is shown fully applied.
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** A JSON API call that must succeed (a failure names the call and the answer); returns the parsed body. */
export async function api(
  request: APIRequestContext,
  method: 'post' | 'get' | 'put',
  path: string,
  data?: unknown,
) {
  const res = await request[method](path, { data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

const PHONE = { width: 390, height: 844 };

/**
 * Nothing on the page is wider than the window (a phone must not scroll sideways). Right after the window is resized
 * the layout may still be settling (fonts, transitions), so the page gets a short while to fit; when it does not, the
 * message names the elements that stick out.
 */
export async function expectNoSidewaysScroll(page: Page) {
  const measure = () =>
    page.evaluate(async () => {
      await document.fonts.ready;
      const overflow = document.documentElement.scrollWidth - window.innerWidth;
      if (overflow <= 0) return { overflow, culprits: [] as string[] };
      const culprits = [...document.body.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .filter(
          (el) =>
            !el.parentElement || el.parentElement.getBoundingClientRect().right <= window.innerWidth + 0.5,
        )
        .slice(0, 5)
        .map((el) => {
          const r = el.getBoundingClientRect();
          return `<${el.tagName.toLowerCase()} class="${el.className}"> ${Math.round(r.left)}..${Math.round(r.right)}px`;
        });
      return { overflow, culprits };
    });
  let last = await measure();
  await expect
    .poll(async () => (last = await measure()).overflow, {
      message: 'page wider than the window',
      timeout: 3000,
    })
    .toBeLessThanOrEqual(0)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nsticking out: ${last.culprits.join('; ') || '(nothing found)'}`);
    });
}

/**
 * What a person reviews of the page as it is now: unless `phone` is false, nothing may stick out sideways at phone
 * width (always checked); when `reviewing`, no serious accessibility violations (JS project) and screenshots in the
 * light and dark schemes (`<name>-light`, `<name>-dark`; at the size `desktop` if given) and at phone width
 * (`<name>-phone`). The window size and the light scheme are put back afterwards.
 */
export async function reviewPage(
  page: Page,
  info: TestInfo,
  name: string,
  { phone = true, desktop }: { phone?: boolean; desktop?: { width: number; height: number } } = {},
) {
  await expectAccessible(page, info);
  const before = page.viewportSize();
  if (reviewing) {
    if (desktop) await page.setViewportSize(desktop);
    await screenshot(page, info, `${name}-light`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, info, `${name}-dark`);
    await page.emulateMedia({ colorScheme: 'light' });
  }
  if (phone) {
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await screenshot(page, info, `${name}-phone`);
  }
  if (before) await page.setViewportSize(before);
}

/** Opens a page and, in the JS project, waits until it is hydrated. */
export async function openPage(page: Page, info: TestInfo, url: string) {
  const res = await page.goto(url);
  await waitForHydration(page, info);
  return res;
}

/**
 * Fails on serious or critical accessibility violations (needs JavaScript in the page, so JS project only; opt-in:
 * `reviewing`).
 */
export async function expectAccessible(page: Page, info: TestInfo) {
  if (!reviewing || !jsEnabled(info)) return;
  // Site icons that fail to load are swapped for the letter tile by the page script: scan the settled page.
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    'accessibility violations',
  ).toEqual([]);
}

/** In the JS project, wait until React has hydrated before clicking. */
export async function waitForHydration(page: Page, info: TestInfo) {
  if (!jsEnabled(info)) return;
  // React hydrated the page, or the enhancement script set up a page rendered without React (app/lib/page-ready.ts).
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}

/** Connects this process's mongoose to the database of the running spec file's instance. */
export async function connectProjectDb(_info?: TestInfo) {
  const mongoose = (await import('mongoose')).default;
  const uri = currentInstance().mongoUri;
  // One worker runs one spec file after another, each with its own database.
  if (mongoose.connection.readyState === 1 && !uri.endsWith(`/${mongoose.connection.name}`))
    await mongoose.disconnect();
  if (mongoose.connection.readyState !== 1) await mongoose.connect(uri, { retryWrites: false });
}

/**
 * Signs a browser context in as a user (default: the administrator the instance fixture created) by creating a
 * real session in the instance's database, for journeys that are not about signing in.
 */
export async function signInAs(context: BrowserContext, _info: TestInfo, userId = '__admin__') {
  const { createSession } = await import('../../server/auth/session.store');
  await connectProjectDb();
  const { token } = await createSession(userId, { persistent: false });
  await context.addCookies([{ name: 'sakura-nav-session', value: token, url: currentInstance().url }]);
}
