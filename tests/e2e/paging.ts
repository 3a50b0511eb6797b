// Paging through a seeded owner's cards on a phone and a desktop: links without JavaScript, infinite scroll with
// it, the last page and a page past the end. 05-everyday runs it on a few pages of cards; the opt-in
// 05-paging.heavy.spec.ts on 10,000.
import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, jsEnabled, screenshot, signInAs } from './fixtures';
import { seedCards } from './seed';

const PAGE_SIZE = 24;
const VIEWPORTS = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 900 }],
] as const;

/** Seeds `count` cards (at least five pages) for a new user and pages through them as that user. */
export async function pagingJourney(page: Page, context: BrowserContext, info: TestInfo, count: number) {
  expect(count, 'the journey needs five pages or more').toBeGreaterThan(4 * PAGE_SIZE);
  const owner = await seedCards(info, count);
  await signInAs(context, info, owner);
  const total = count.toLocaleString('en-US');
  const lastPage = Math.ceil(count / PAGE_SIZE);
  const range = page.locator('[data-pager-range]');
  for (const [name, size] of VIEWPORTS) {
    await page.setViewportSize(size);
    await page.goto('/');
    // The server sends the first page. With JavaScript, infinite scroll may load the next ones at once (the second
    // viewport's page is the same address, and the browser keeps the scroll position), so its text may have moved on.
    await expect(range).toHaveAttribute('data-range-to', String(PAGE_SIZE));
    await expect(range).toHaveAttribute('data-range-template', `1–{to} of ${total}`);
    if (!jsEnabled(info)) await expect(range).toHaveText(`1–24 of ${total}`);
    if (jsEnabled(info)) {
      // Infinite scroll keeps loading while the end of the list comes into view: scroll to the end until four
      // pages are in (a scroll that lands while a page is still loading brings no new one on a busy machine).
      await expect
        .poll(
          async () => {
            await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
            return page.locator('[data-card-grid] > li').count();
          },
          { timeout: 30_000, intervals: [150, 250, 500] },
        )
        .toBeGreaterThanOrEqual(4 * PAGE_SIZE);
      // The range names what the grid shows (read together: a page may still arrive after the last scroll).
      await expect
        .poll(async () => {
          const shown = await page.locator('[data-card-grid] > li').count();
          return (await range.textContent())?.trim() === `1–${shown.toLocaleString('en-US')} of ${total}`;
        })
        .toBe(true);
      const names = await page.locator('[data-card-grid] .tile-name').allTextContents();
      expect(new Set(names).size).toBe(names.length);
      await screenshot(page, info, `${name}-paging`);
    } else {
      await page.getByRole('link', { name: /^Next/ }).click();
      await expect(page).toHaveURL(/[?&]page=2$/);
      await expect(range).toHaveText(`25–48 of ${total}`);
      await page.getByRole('link', { name: /^Next/ }).click();
      await expect(range).toHaveText(`49–72 of ${total}`);
      await screenshot(page, info, `${name}-paging`);
      await page.getByRole('link', { name: /Previous$/ }).click();
      await expect(range).toHaveText(`25–48 of ${total}`);
      await expect(page.locator('[data-card-grid] .tile-name').first()).toHaveText('Card 00024');
      await page.getByRole('link', { name: /Previous$/ }).click();
      await expect(page).not.toHaveURL(/page=/);
      await expect(page.getByRole('link', { name: /Previous$/ })).toHaveCount(0);
    }
    // The last page, and a page past the end.
    await page.goto(`/?page=${lastPage}`);
    const firstOfLast = ((lastPage - 1) * PAGE_SIZE + 1).toLocaleString('en-US');
    await expect(range).toHaveText(`${firstOfLast}–${total} of ${total}`);
    await expect(page.getByRole('link', { name: /^(Next|Load more)/ })).toHaveCount(0);
    await page.goto('/?page=9999');
    await expect(page).toHaveURL(new RegExp(`page=${lastPage}$`));
  }
}
