import { describe, expect, it } from 'vitest';
import type { CardDto } from '#server/cards/card.dto';
import { socialTypeLabels } from '~/lib/i18n';
import { tileView } from './tile-view';

const en = socialTypeLabels('en');
const zh = socialTypeLabels('zh');

const base = {
  id: 'c1',
  name: 'GitHub',
  siteUrl: 'https://github.com',
  siteDescription: 'Code',
  iconUrl: null,
  iconBgColor: null,
  siteIsOnline: true,
  siteSkipOnlineCheck: false,
  siteIsPinned: false,
  cardType: null,
  cardData: null,
  socialHint: null,
  tags: [],
} as unknown as CardDto;

/** The tile of `base` with `changes`, on the home page, in English. */
const tileOf = (changes: Partial<typeof base>) => tileView({ ...base, ...changes } as typeof base, '/', en);

describe('tileView', () => {
  it('links sites to their URL and shows the online state', () => {
    const v = tileView(base, '/?tag=t1', en);
    expect(v).toMatchObject({
      kind: 'site',
      href: 'https://github.com',
      external: true,
      online: { status: 'online' },
      letter: 'G',
    });
    expect(v.editHref).toBe('/edit/sites/c1?returnTo=%2F%3Ftag%3Dt1');
  });

  it('never links to a script URL', () => {
    expect(tileOf({ siteUrl: 'javascript:alert(1)', iconUrl: 'javascript:x' })).toMatchObject({
      href: '#',
      external: false,
      iconUrl: null,
    });
  });

  it('opens URL-type social cards directly and others on their card page', () => {
    const github = tileOf({
      cardType: 'github',
      name: 'Me',
      cardData: JSON.stringify({ type: 'github', url: 'https://github.com/me' }),
    });
    expect(github).toMatchObject({
      kind: 'social',
      href: 'https://github.com/me',
      external: true,
      socialValue: 'github.com/me',
    });
    const qq = tileOf({ cardType: 'qq', cardData: JSON.stringify({ type: 'qq', qqNumber: '123' }) });
    expect(qq).toMatchObject({
      href: '/card/c1',
      external: false,
      socialLabel: 'QQ',
      socialValue: '123',
      iconBg: '#12B7F5',
    });
  });

  it('shows notes as an excerpt linking to their page', () => {
    const n = tileOf({
      cardType: 'note',
      name: 'Hi',
      cardData: JSON.stringify({ title: '', content: '# Hi\n\nSee [docs](https://x) **now**' }),
    });
    // The heading is the title, shown above the preview: not repeated.
    expect(n).toMatchObject({ kind: 'note', href: '/card/c1', description: 'See docs now' });
    const long = tileOf({
      cardType: 'note',
      name: 'x',
      cardData: JSON.stringify({ title: 'T', content: 'y'.repeat(300) }),
    });
    expect(long.description.length).toBe(140);
    // An untitled note is titled by its first line, cut to a title's length.
    const untitled = tileOf({
      cardType: 'note',
      name: 'x',
      cardData: JSON.stringify({ content: 'y'.repeat(300) }),
    });
    expect(untitled.name).toBe(`${'y'.repeat(79)}…`);
    expect(untitled.description).toBe('');
  });

  it('names social cards in the page’s language unless the user named them', () => {
    // Created without a label: stored under the older service's default, "博客".
    const blog = {
      ...base,
      cardType: 'blog',
      name: '博客',
      cardData: JSON.stringify({ type: 'blog', url: 'https://blog.example.com' }),
    };
    expect(tileView(blog, '/', en)).toMatchObject({ name: 'Blog', socialLabel: 'Blog', letter: 'B' });
    expect(tileView(blog, '/', zh)).toMatchObject({ name: '博客', socialLabel: '博客' });
    const official = { ...base, cardType: 'wechat-official', name: '微信公众号', cardData: '{}' };
    expect(tileView(official, '/', en)).toMatchObject({
      name: 'WeChat Official Account',
      socialLabel: 'WeChat Official Account',
    });
    // A label the user chose stays as it is, in every language.
    expect(tileView({ ...blog, name: 'My 博客' }, '/', en).name).toBe('My 博客');
  });
});
