// What visitors (not signed in) receive from every public read, field by field. A field added to the card or tag
// DTOs later makes this test fail until it is classed here as public or private on purpose.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../factories';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';

/** Every field a visitor receives of a card: `true` = the owner's value; anything else = the value they get. */
const VISITOR_CARD: Record<string, unknown> = {
  id: true,
  name: true,
  siteUrl: true,
  siteDescription: true,
  iconUrl: true,
  iconBgColor: true,
  siteIsOnline: true,
  siteSkipOnlineCheck: true,
  siteOnlineCheckFrequency: '1d',
  siteOnlineCheckTimeout: 3,
  siteOnlineCheckMatchMode: 'status',
  siteOnlineCheckKeyword: '',
  siteOnlineCheckFailThreshold: 3,
  siteOnlineCheckFailCount: 0,
  siteOnlineCheckLastRun: null,
  siteOnlineCheckHistory: [],
  siteOfflineNotify: false,
  siteAccessRules: null,
  siteIsPinned: true,
  globalSortOrder: true,
  cardType: true,
  cardData: true,
  siteRecommendContext: '',
  siteRecommendContextEnabled: false,
  siteRecommendContextAutoGen: false,
  siteAiRelationEnabled: false,
  siteRelatedSitesEnabled: true,
  sitePendingContextGen: false,
  siteNotes: '',
  siteNotesAiEnabled: false,
  siteTodos: [],
  siteTodosAiEnabled: false,
  socialHint: true,
  tags: 'checked below',
  siteRelatedSites: 'checked below',
  createdAt: true,
  updatedAt: true,
};
const VISITOR_TAG = [
  'description',
  'id',
  'isHidden',
  'logoBgColor',
  'logoUrl',
  'name',
  'siteCount',
  'slug',
  'sortOrder',
];

const PRIVATE_TEXT = [
  '10.0.0.5',
  'private memo',
  'private todo',
  'private context',
  'secret-keyword',
  'AI reason',
];

let owner: Client;
const visitor = new Client();
const ids = {
  open: '',
  hiddenTag: '',
  hiddenSite: '',
  both: '',
  visibleSite: '',
  main: '',
  social: '',
  note: '',
};

beforeAll(async () => {
  await resetDatabase();
  owner = (await admin()).client;
  ids.open = (await owner.create('/api/tags', { name: 'Open' })).id;
  ids.hiddenTag = (await owner.create('/api/tags', { name: 'Hush', isHidden: true })).id;
  const site = async (name: string, tagIds: string[], extra: Record<string, unknown> = {}) =>
    (await owner.post('/api/site-cards', { name, siteUrl: `https://${name}.example`, tagIds, ...extra })).json
      .item.id as string;
  ids.hiddenSite = await site('onlyhidden', [ids.hiddenTag]);
  ids.both = await site('bothtags', [ids.open, ids.hiddenTag]);
  ids.visibleSite = await site('visible', [ids.open]);
  ids.main = await site('main', [ids.open], {
    siteIsPinned: true,
    siteAccessRules: { urls: [{ id: 'lan', url: 'http://10.0.0.5:8080', label: 'LAN' }] },
    siteNotes: 'private memo',
    siteTodos: [{ id: 't1', text: 'private todo', completed: false }],
    siteRecommendContext: 'private context',
    siteOnlineCheckKeyword: 'secret-keyword',
    siteOnlineCheckMatchMode: 'keyword',
    siteRelatedSites: [
      { cardId: ids.hiddenSite, reason: 'AI reason' },
      { cardId: ids.both, reason: 'AI reason' },
      { cardId: ids.visibleSite, reason: 'AI reason' },
    ],
  });
  ids.social = (
    await owner.create('/api/social-cards', { cardType: 'qq', payload: { qqNumber: '12345' }, hint: 'hi' })
  ).id;
  ids.note = (
    await owner.create('/api/note-cards', {
      title: 'N',
      content: `see [it](sakura-site://${ids.hiddenSite})`,
    })
  ).id;
});

function expectVisitorCard(card: Record<string, any>, ownerCard: Record<string, any>) {
  expect(Object.keys(card).sort(), `fields of ${card.name}`).toEqual(Object.keys(VISITOR_CARD).sort());
  for (const [field, rule] of Object.entries(VISITOR_CARD)) {
    if (rule === true) expect(card[field], `${card.name}.${field}`).toEqual(ownerCard[field]);
    else if (rule !== 'checked below') expect(card[field], `${card.name}.${field}`).toEqual(rule);
  }
  expect(card.tags.map((t: { id: string }) => t.id)).not.toContain(ids.hiddenTag);
  for (const t of card.tags) expect(t.isHidden).toBe(false);
  for (const r of card.siteRelatedSites) {
    expect([ids.hiddenSite, ids.both]).not.toContain(r.cardId);
    expect(r.reason).toBe('');
  }
}

describe('the visitor projection', () => {
  it('gives visitors every card field as listed, from the navigation lists', async () => {
    const mine = new Map<string, any>(
      ((await owner.get('/api/navigation/cards?limit=100')).json.items as any[]).map((c) => [c.id, c]),
    );
    expect(mine.get(ids.main).siteAccessRules.urls).toHaveLength(1);
    for (const path of [
      '/api/navigation/cards?limit=100',
      '/api/navigation/site-cards?limit=100',
      `/api/navigation/cards?scope=tag&tagId=${ids.open}`,
    ]) {
      const items = (await visitor.get(path)).json.items as any[];
      expect(items.length, path).toBeGreaterThan(0);
      expect(
        items.map((c) => c.id),
        path,
      ).not.toContain(ids.hiddenSite);
      expect(
        items.map((c) => c.id),
        path,
      ).not.toContain(ids.both);
      for (const card of items) expectVisitorCard(card, mine.get(card.id));
    }
    const main = (await visitor.get('/api/navigation/cards?limit=100')).json.items.find(
      (c: any) => c.id === ids.main,
    );
    expect(main.siteRelatedSites.map((r: any) => r.cardId)).toEqual([ids.visibleSite]);
  });

  it('gives visitors only visible tags, counting only cards they may see', async () => {
    const tags = (await visitor.get('/api/navigation/tags')).json as any[];
    const list = Array.isArray(tags) ? tags : (tags as any).items;
    expect(list.map((t: any) => t.id)).not.toContain(ids.hiddenTag);
    const open = list.find((t: any) => t.id === ids.open);
    expect(Object.keys(open).sort()).toEqual(VISITOR_TAG);
    expect(open.siteCount).toBe(2);
  });

  it('uses the same projection for a public social card', async () => {
    const res = await visitor.get(`/api/social-cards/${ids.social}`);
    expect(res.status).toBe(200);
    const mine = (await owner.get('/api/navigation/cards?limit=100')).json.items.find(
      (c: any) => c.id === ids.social,
    );
    expectVisitorCard(res.json.item, mine);
  });

  it('shows no private text on the pages and search a visitor can reach', async () => {
    const bodies = [
      (await visitor.get('/')).text,
      (await visitor.get(`/?tag=${ids.open}`)).text,
      (await visitor.get(`/card/${ids.note}`)).text,
      (await visitor.get(`/card/${ids.social}`)).text,
      (await visitor.get('/api/search/suggest?q=onlyhidden&engine=local')).text,
      (await visitor.get('/api/search/suggest?q=private&engine=local')).text,
      (await visitor.get('/api/navigation/cards?q=private')).text,
    ];
    for (const body of bodies) {
      for (const text of [...PRIVATE_TEXT, 'onlyhidden', 'bothtags', 'Hush'])
        expect(body).not.toContain(text);
    }
    // The owner sees them (the check above is not vacuous).
    expect((await owner.get('/api/navigation/cards?limit=100')).text).toContain('10.0.0.5');
  });
});
