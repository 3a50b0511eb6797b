// Reaching out (issue 12): a card's status follows its site, AI answers come from the configured provider, and
// site icons come from our own origin. Every outside party is a real local server on 127.0.0.1.
import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import { startStandIn, siteHandler, type StandIn } from '../servers/http-server';
import { startAiStandIn } from '../servers/openai-stand-in';
import { api, expect, screenshot, signInAs, test, waitForHydration } from './fixtures';

test.describe.configure({ mode: 'serial' });

/** Signs the admin in and points the instance's AI settings at the local AI server. */
async function useAi(page: Page, context: BrowserContext, info: TestInfo, aiUrl: string) {
  await signInAs(context, info);
  await api(page.request, 'put', '/api/settings', {
    aiApiKey: 'sk-e2e-123456789',
    aiBaseUrl: `${aiUrl}/v1`,
    aiModel: 'e2e-model',
    outboundAllowPrivate: true,
  });
}

const tile = (page: Page, name: string) => page.locator('[data-card-grid] > li').filter({ hasText: name });

test('a card turns offline on the dashboard after its site goes down', async ({ page, context }, info) => {
  const site: StandIn = await startStandIn(siteHandler());
  try {
    await signInAs(context, info);
    // Every stand-in is on 127.0.0.1: the admin opens private targets (as a home-lab admin would for the LAN).
    await api(page.request, 'put', '/api/settings', { outboundAllowPrivate: true });
    const name = `Local site ${info.project.name}`;
    const card = (
      await api(page.request, 'post', '/api/site-cards', {
        name,
        siteUrl: `${site.url}/ok`,
        siteOnlineCheckFailThreshold: 1,
        siteOnlineCheckTimeout: 2,
      })
    ).item;
    expect(
      (await api(page.request, 'post', '/api/site-cards/check-online-single', { cardId: card.id })).online,
    ).toBe(true);
    await page.goto(`/?q=${encodeURIComponent(name)}`);
    await expect(tile(page, name).locator('[data-status]')).toHaveAttribute('data-status', 'online');
    // The tile's icon comes from our origin (the stand-in site declares none: the letter shows).
    await expect(tile(page, name).locator('img')).toHaveAttribute(
      'src',
      `/api/site-icons/127.0.0.1:${site.port}`,
    );

    await site.close();
    // A URL's result is shared for 60 s per check settings; the owner tightens the timeout, a new setting the
    // cached answer does not cover, and checks again.
    await api(page.request, 'put', '/api/site-cards', { id: card.id, siteOnlineCheckTimeout: 1 });
    const checked = await api(page.request, 'post', '/api/site-cards/check-online-single', {
      cardId: card.id,
    });
    expect(checked.online).toBe(false);
    await page.goto(`/?q=${encodeURIComponent(name)}`);
    await expect(tile(page, name).locator('[data-status]')).toHaveAttribute('data-status', 'offline');
    // The dead-links view lists it.
    await page.goto('/?status=offline');
    await expect(tile(page, name)).toHaveCount(1);
  } finally {
    await site.close();
  }
});

test('AI recommend shows results from the local AI server', async ({ page, context }, info) => {
  const ai = await startAiStandIn();
  try {
    await useAi(page, context, info, ai.url);
    const card = (
      await api(page.request, 'post', '/api/site-cards', {
        name: `Translator ${info.project.name}`,
        siteUrl: 'https://translate.example',
        siteDescription: 'Translates text',
      })
    ).item;
    ai.replies.push(
      '```json\n' +
        JSON.stringify({
          reasoning: 'You want to translate a text.',
          recommendations: [{ siteId: card.id, reason: 'It translates between languages' }],
        }) +
        '\n```',
    );
    // From the dashboard's search: the "Ask AI" link carries the query to the AI page.
    await page.goto('/?q=translate');
    await page.getByRole('link', { name: 'Ask AI' }).click();
    // The AI page answers the carried query at once (a plain GET form, so also without JavaScript).
    await expect(page.getByLabel('What do you need?')).toHaveValue('translate');
    const results = page.locator('[data-ai-results]');
    await expect(results).toContainText(`Translator ${info.project.name}`);
    await expect(results).toContainText('It translates between languages');
    await expect(page.getByText('You want to translate a text.')).toBeVisible();
    expect(JSON.parse(ai.requests.at(-1)!.body).model).toBe('e2e-model');

    // Asking again from the form: the next answer of the provider is shown.
    ai.replies.push(JSON.stringify({ reasoning: 'Second answer.', recommendations: [] }));
    await page.getByLabel('What do you need?').fill('something else');
    await page.getByRole('button', { name: 'Ask' }).click();
    await expect(page.getByText('Second answer.')).toBeVisible();
    await expect(page.getByText('No matching sites.')).toBeVisible();
  } finally {
    await ai.close();
  }
});

test('the site editor fills in the AI analysis, with and without JavaScript', async ({
  page,
  context,
}, info) => {
  const ai = await startAiStandIn();
  try {
    await useAi(page, context, info, ai.url);
    const tagName = `Reference ${info.project.name}`;
    const tag = (await api(page.request, 'post', '/api/tags', { name: tagName })).item;
    ai.replies.push(
      JSON.stringify({
        title: `Analyzed ${info.project.name}`,
        description: 'Written by the model',
        matchedTags: [{ id: tag.id, score: 0.9 }],
        recommendedTags: [{ name: 'Dictionaries', score: 0.7 }],
      }),
    );
    await page.goto('/edit/sites/new?returnTo=/');
    await waitForHydration(page, info);
    await page.getByLabel('URL', { exact: true }).fill('https://dictionary.example');
    await page.getByRole('button', { name: 'Analyze with AI' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'AI suggestions are filled in' })).toContainText(
      'Dictionaries',
    );
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`Analyzed ${info.project.name}`);
    await expect(page.getByLabel('Description')).toHaveValue('Written by the model');
    await expect(page.getByRole('checkbox', { name: tagName })).toBeChecked();
    await expect(page.getByLabel('URL', { exact: true })).toHaveValue('https://dictionary.example');
    expect(lastPrompt(ai)).toContain('https://dictionary.example');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator('.ai-analyze').scrollIntoViewIfNeeded();
      await screenshot(page, info, `editor-ai-analyzed-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    const cards = (await api(page.request, 'get', '/api/site-cards')).items as {
      name: string;
      tags: unknown[];
    }[];
    const made = cards.find((c) => c.name === `Analyzed ${info.project.name}`);
    expect(made?.tags).toHaveLength(1);
  } finally {
    await ai.close();
  }
});

const lastPrompt = (ai: Awaited<ReturnType<typeof startAiStandIn>>) =>
  JSON.parse(ai.requests.at(-1)!.body).messages[1].content as string;
