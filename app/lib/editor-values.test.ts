import { parseWithZod } from '@conform-to/zod/v4';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  SOCIAL_ID_REQUIRED,
  SiteCreateSchema,
  SiteUpdateSchema,
  SocialCreateSchema,
} from '#server/cards/card.schema';
import { socialTypeMeta } from '#server/cards/card-kinds.shared';
import { VALIDATION_ZH } from '~/locales/validation-zh';
import { CHOOSE_SITE_MESSAGE, SiteFormSchema, socialFormSchema } from './editor-schemas';
import { fieldNameOf, mergeTodos, siteDefaults, toSiteInput, toSocialInput } from './editor-values';
import { URL_MESSAGES } from '#server/urls/url-policy.shared';
import { EMAIL_MESSAGE } from '#server/urls/url.schema';
import { COLOUR_MESSAGE } from '#server/css/colour.schema';

function form(entries: [string, string][]): FormData {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}

const SITE_BASICS: [string, string][] = [
  ['name', 'Example'],
  ['siteUrl', 'https://example.com'],
  ['siteOnlineCheckFrequency', '1h'],
  ['siteOnlineCheckTimeout', '5'],
  ['siteOnlineCheckMatchMode', 'status'],
  ['siteOnlineCheckFailThreshold', '2'],
];

describe('site form', () => {
  it('reads unticked boxes as false and gives new rows ids; the API schema accepts the result', () => {
    const submission = parseWithZod(
      form([
        ...SITE_BASICS,
        ['siteIsPinned', 'on'],
        ['tagIds', 'tag-a'],
        ['siteAccessRules.urls[0].url', 'https://mirror.example.com'],
        ['siteAccessRules.urls[0].label', 'Mirror'],
        ['siteTodos[0].text', 'Write docs'],
        ['siteTodos[0].completed', 'on'],
        ['siteRelatedSites[0].cardId', 'card-b'],
        ['siteRelatedSites[0].source', 'manual'],
      ]),
      { schema: SiteFormSchema },
    );
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    const value = submission.value;
    expect(value.siteIsPinned).toBe(true);
    expect(value.siteOfflineNotify).toBe(false);
    expect(value.siteRelatedSites[0]!.enabled).toBe(false);
    expect(value.tagIds).toEqual(['tag-a']);
    const input = toSiteInput(value);
    expect(input.siteAccessRules?.urls[0]).toMatchObject({
      url: 'https://mirror.example.com',
      label: 'Mirror',
    });
    expect(input.siteAccessRules?.urls[0]!.id).toMatch(/^url-/);
    expect(input.siteTodos[0]).toMatchObject({ text: 'Write docs', completed: true });
    expect(input.siteTodos[0]!.id).toMatch(/^todo-/);
    expect(input.siteDescription).toBeNull();
    const parsed = SiteCreateSchema.safeParse(input);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(SiteUpdateSchema.safeParse({ id: 'card-a', ...input }).success).toBe(true);
  });

  it('refuses script URLs and empty rows with messages the page can translate', () => {
    const submission = parseWithZod(
      form([
        ...SITE_BASICS.filter(([k]) => k !== 'siteOnlineCheckTimeout').map(([k, v]): [string, string] =>
          k === 'siteUrl' ? [k, 'javascript:alert(1)'] : [k, v],
        ),
        ['siteTodos[0].text', ''],
        ['siteRelatedSites[0].cardId', ''],
        ['siteOnlineCheckTimeout', '99'],
      ]),
      { schema: SiteFormSchema },
    );
    expect(submission.status).toBe('error');
    const errors = submission.reply().error ?? {};
    expect(errors.siteUrl).toEqual([URL_MESSAGES.scheme]);
    expect(errors['siteTodos[0].text']).toEqual(['Todo text is required']);
    expect(errors['siteRelatedSites[0].cardId']).toEqual([CHOOSE_SITE_MESSAGE]);
    expect(errors.siteOnlineCheckTimeout).toEqual(['Timeout must be 1 to 30 seconds']);
    for (const messages of Object.values(errors))
      for (const m of messages ?? []) expect(VALIDATION_ZH[m]).toBeTruthy();
  });

  it('starts a new card with the API defaults and the preselected tag', () => {
    const d = siteDefaults(null, 'tag-x');
    expect(d).toMatchObject({ name: '', siteUrl: '', tagIds: ['tag-x'], siteOfflineNotify: true });
    expect(d.siteOnlineCheckFrequency).toBe('1d');
    expect(d.siteRelatedSitesEnabled).toBe(true);
  });
});

describe('mergeTodos', () => {
  const current = [
    { id: 't1', text: 'manual', completed: false },
    { id: 'n1', text: 'From note A', completed: false, noteId: 'note-a' },
    { id: 'n2', text: 'From note B', completed: true, noteId: 'note-b' },
  ];

  it('keeps note todos as the notes made them, taking only the done state from the form', () => {
    const merged = mergeTodos(
      [
        { id: 't1', text: 'manual, edited', completed: true, noteId: undefined },
        { id: 'n1', text: 'forged text', completed: true, noteId: 'note-a' },
        { id: 'x', text: 'forged note todo', completed: false, noteId: 'note-z' },
      ],
      current,
    );
    expect(merged).toEqual([
      { id: 't1', text: 'manual, edited', completed: true, noteId: undefined },
      { id: 'n1', text: 'From note A', completed: true, noteId: 'note-a' },
      // Not in the form (added by a note since the form was opened): kept as it is.
      { id: 'n2', text: 'From note B', completed: true, noteId: 'note-b' },
    ]);
  });

  it('drops a manual todo the form removed', () => {
    expect(mergeTodos([], current).map((t) => t.id)).toEqual(['n1', 'n2']);
  });
});

describe('social form', () => {
  it("requires the type's own field and keeps the QR image only for QR types", () => {
    const wechat = socialTypeMeta('wechat')!;
    const missing = parseWithZod(form([['payload.qrCodeUrl', 'https://img.example/qr.png']]), {
      schema: socialFormSchema(wechat),
    });
    expect(missing.reply().error?.['payload.wechatId']).toEqual([SOCIAL_ID_REQUIRED.wechatId]);

    // No QR picture: the QR field is optional, and what the form gives, the API's schema takes.
    const bare = parseWithZod(form([['payload.wechatId', 'sakura']]), { schema: socialFormSchema(wechat) });
    expect(bare.status).toBe('success');
    if (bare.status === 'success')
      expect(SocialCreateSchema.safeParse(toSocialInput(bare.value, wechat)).success).toBe(true);

    const ok = parseWithZod(
      form([
        ['payload.wechatId', 'sakura'],
        ['payload.qrCodeUrl', 'https://img.example/qr.png'],
      ]),
      { schema: socialFormSchema(wechat) },
    );
    expect(ok.status).toBe('success');
    if (ok.status !== 'success') return;
    const input = toSocialInput(ok.value, wechat);
    expect(input).toMatchObject({ cardType: 'wechat', label: null, payload: { wechatId: 'sakura' } });
    expect(SocialCreateSchema.safeParse(input).success).toBe(true);

    const github = parseWithZod(form([['payload.url', 'javascript:x']]), {
      schema: socialFormSchema(socialTypeMeta('github')!),
    });
    expect(github.reply().error?.['payload.url']).toEqual([URL_MESSAGES.scheme]);
  });
});

describe('fieldNameOf', () => {
  it("writes conform's field names", () => {
    expect(fieldNameOf(['siteAccessRules', 'urls', 0, 'url'])).toBe('siteAccessRules.urls[0].url');
    expect(fieldNameOf([])).toBe('');
  });
});

describe('Chinese validation messages', () => {
  it('has every message of the tag and card schemas and of the editor forms', () => {
    const files = ['server/tags/tag.schema.ts', 'server/cards/card.schema.ts', 'app/lib/editor-schemas.ts'];
    const messages = new Set<string>();
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:,\s*|error:\s*|_MESSAGE = )'([A-Z][^']*)'/g))
        messages.add(m[1]!);
    }
    for (const m of [
      ...Object.values(URL_MESSAGES),
      ...Object.values(SOCIAL_ID_REQUIRED),
      COLOUR_MESSAGE,
      EMAIL_MESSAGE,
    ])
      messages.add(m);
    expect(messages.size).toBeGreaterThan(25);
    expect([...messages].filter((m) => !VALIDATION_ZH[m])).toEqual([]);
  });
});
