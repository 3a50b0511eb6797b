import { randomUUID } from 'node:crypto';
import { newCardDoc } from '../cards/card.defaults';
import { CardModel, insertCards, type CardDoc } from '../cards/card.model';
import type { SocialType } from '../cards/card-kinds.shared';
import { noteCardDoc, syncNoteTodos } from '../cards/note-card.service';
import { socialCardDoc } from '../cards/social-card.service';
import type { Membership } from '../spaces/space.change';
import { commitReload } from '../spaces/space.write';
import { TagModel, type TagDoc } from '../tags/tag.model';
import { siteIconSrc } from '../site-icons/icon-src.shared';
import { slugify } from '../tags/slug';
import { PRODUCT_NAME } from '../product';

export type SeedLocale = 'en' | 'zh';

// Icons from our own origin (server/site-icons): visitors' browsers ask no third party.
const favicon = (domain: string) => siteIconSrc(domain);

interface SeedSocial {
  type: SocialType;
  label: string;
  payload: Record<string, string>;
}

function texts(locale: SeedLocale) {
  const zh = locale === 'zh';
  return {
    tags: zh
      ? [
          { name: 'AI工具', description: '对话、写作与编程助手' },
          { name: '开发者工具', description: '代码托管与协作' },
          { name: '在线工具', description: '笔记、绘图与效率工具' },
        ]
      : [
          { name: 'AI tools', description: 'Chat, writing and coding assistants' },
          { name: 'Developer tools', description: 'Code hosting and collaboration' },
          { name: 'Online tools', description: 'Notes, diagrams and productivity' },
        ],
    sites: [
      {
        name: 'DeepSeek',
        url: 'https://www.deepseek.com',
        domain: 'deepseek.com',
        tag: 0,
        description: zh ? '深度求索 AI 助手' : 'AI assistant by DeepSeek',
      },
      {
        name: 'Notion',
        url: 'https://www.notion.so',
        domain: 'notion.so',
        tag: 2,
        description: zh ? '笔记、文档与知识库' : 'Notes, docs and wikis',
      },
      {
        name: 'ProcessOn',
        url: 'https://www.processon.com',
        domain: 'processon.com',
        tag: 2,
        description: zh ? '在线流程图与思维导图' : 'Online flowcharts and mind maps',
      },
      {
        name: 'GitHub',
        url: 'https://github.com',
        domain: 'github.com',
        tag: 1,
        description: zh ? '全球最大的代码托管平台' : 'Where the world builds software',
      },
    ],
    socials: [
      { type: 'github', label: 'GitHub', payload: { url: 'https://github.com/' } },
      { type: 'blog', label: zh ? '博客' : 'Blog', payload: { url: 'https://example.com/blog' } },
      { type: 'bilibili', label: 'B站', payload: { url: 'https://space.bilibili.com/' } },
      {
        type: 'wechat-official',
        label: zh ? '微信公众号' : 'WeChat account',
        payload: { accountName: PRODUCT_NAME, qrCodeUrl: '/wechat-qrcode.png' },
      },
    ] as SeedSocial[],
    notes: (githubId: string) =>
      zh
        ? [
            {
              title: '开始使用',
              content:
                '# 欢迎 👋\n\n这是一个**自托管导航面板**：\n\n- 用标签整理网站卡片\n- 社交卡片展示你的联系方式\n- 笔记卡片支持 Markdown\n\n登录后点击「编辑」即可开始整理。',
            },
            {
              title: '卡片与标签',
              content:
                '## 卡片与标签\n\n每张网站卡片可以属于多个标签，并在每个标签里拥有独立的顺序。\n\n置顶的卡片总是排在最前面。',
            },
            {
              title: '搜索',
              content: '## 搜索\n\n顶部搜索框会匹配名称、网址、描述、备忘和待办，也支持中文。',
            },
            {
              title: '待办联动',
              content: `## 待办联动\n\n在笔记里链接一个网站卡片，例如 [GitHub](sakura-site://${githubId})，该网站卡片就会出现一条与本笔记同步的待办。`,
            },
          ]
        : [
            {
              title: 'Getting started',
              content:
                '# Welcome 👋\n\nThis is a **self-hosted navigation dashboard**:\n\n- organise site cards with tags\n- show how to reach you with social cards\n- keep notes in Markdown\n\nSign in and press **Edit** to start arranging.',
            },
            {
              title: 'Cards and tags',
              content:
                '## Cards and tags\n\nA site card can belong to several tags and has its own position inside each.\n\nPinned cards always come first.',
            },
            {
              title: 'Search',
              content:
                '## Search\n\nThe search box matches names, URLs, descriptions, memo notes and todos, in any language.',
            },
            {
              title: 'Linked todos',
              content: `## Linked todos\n\nLink a site card from a note, like [GitHub](sakura-site://${githubId}), and that card gets a todo that follows this note.`,
            },
          ],
  };
}

/** The starter tags, cards and tag memberships for a space (fresh ids each call). */
export function starterData(
  ownerId: string,
  locale: SeedLocale,
): { tags: TagDoc[]; cards: CardDoc[]; memberships: Membership[] } {
  const t = texts(locale);
  const now = new Date();
  const tags: TagDoc[] = t.tags.map((tag, i) => {
    const id = `tag-${randomUUID()}`;
    return {
      _id: id,
      ownerId,
      name: tag.name,
      slug: slugify(tag.name, id),
      order: i,
      isHidden: false,
      logoUrl: null,
      logoBgColor: null,
      description: tag.description,
      createdAt: now,
      updatedAt: now,
    };
  });
  let order = 0;
  const cards: CardDoc[] = [];
  const memberships: Membership[] = [];
  const siteIds: string[] = [];
  for (const s of t.sites) {
    const card = newCardDoc({
      _id: `site-${randomUUID()}`,
      ownerId,
      name: s.name,
      siteUrl: s.url,
      siteDescription: s.description,
      iconUrl: favicon(s.domain),
      iconBgColor: 'transparent',
      globalSortOrder: order++,
    });
    siteIds.push(card._id);
    cards.push(card);
    const tag = tags[s.tag]!;
    memberships.push({
      tagId: tag._id,
      cardId: card._id,
      order: memberships.filter((m) => m.tagId === tag._id).length,
    });
  }
  // Social cards and notes are built as their create services build them (so an export of them imports as is).
  for (const s of t.socials) {
    const input = { cardType: s.type, label: s.label, iconUrl: null, iconBgColor: null, hint: null };
    const card = socialCardDoc(ownerId, { ...input, payload: s.payload }, order++);
    cards.push({ ...card, _id: `site-${randomUUID()}` });
  }
  for (const n of t.notes(siteIds[3]!)) {
    const card = noteCardDoc(ownerId, { title: n.title, content: n.content }, order++);
    cards.push({ ...card, _id: `site-${randomUUID()}` });
  }
  return { tags, cards, memberships };
}

/** Inserts the starter tags and cards into an empty space (a new instance's admin space). */
export async function seedStarterData(ownerId: string, locale: SeedLocale): Promise<void> {
  // Asked of the database, not the read model: another process may have emptied the space a moment ago.
  const [card, tag] = await Promise.all([CardModel.exists({ ownerId }), TagModel.exists({ ownerId })]);
  if (card || tag) return;
  const { tags, cards, memberships } = starterData(ownerId, locale);
  await TagModel.insertMany(tags);
  await insertCards(cards, memberships);
  await commitReload(ownerId);
  await syncNoteTodos(ownerId);
}
