// The 12 social card types of the older service (compat §2.4). Browser-safe: the editor renders from this table.
import { COMPAT_LANGUAGE, type Language } from '../language.shared';

/**
 * Each type's name in each language: what the pages call the type (app/locales take it from here), and what a card
 * created without a label is named, in its creator's language. `zh` is the older service's label.
 */
export const SOCIAL_TYPES = [
  {
    type: 'qq',
    names: { zh: 'QQ', en: 'QQ' },
    color: '#12B7F5',
    idField: 'qqNumber',
    qr: true,
    opensUrl: false,
  },
  {
    type: 'wechat',
    names: { zh: '微信', en: 'WeChat' },
    color: '#07C160',
    idField: 'wechatId',
    qr: true,
    opensUrl: false,
  },
  {
    type: 'email',
    names: { zh: '邮箱', en: 'Email' },
    color: '#EA4335',
    idField: 'email',
    qr: false,
    opensUrl: false,
  },
  {
    type: 'bilibili',
    names: { zh: 'B站', en: 'Bilibili' },
    color: '#FB7299',
    idField: 'url',
    qr: false,
    opensUrl: true,
  },
  {
    type: 'github',
    names: { zh: 'GitHub', en: 'GitHub' },
    color: '#181717',
    idField: 'url',
    qr: false,
    opensUrl: true,
  },
  {
    type: 'blog',
    names: { zh: '博客', en: 'Blog' },
    color: '#FF6B35',
    idField: 'url',
    qr: false,
    opensUrl: true,
  },
  {
    type: 'wechat-official',
    names: { zh: '微信公众号', en: 'WeChat Official Account' },
    color: '#07C160',
    idField: 'accountName',
    qr: true,
    opensUrl: false,
  },
  {
    type: 'telegram',
    names: { zh: 'Telegram频道', en: 'Telegram channel' },
    color: '#26A5E4',
    idField: 'url',
    qr: false,
    opensUrl: true,
  },
  {
    type: 'xiaohongshu',
    names: { zh: '小红书', en: 'Xiaohongshu' },
    color: '#FE2C55',
    idField: 'xhsId',
    qr: true,
    opensUrl: false,
  },
  {
    type: 'douyin',
    names: { zh: '抖音', en: 'Douyin' },
    color: '#010000',
    idField: 'douyinId',
    qr: true,
    opensUrl: false,
  },
  {
    type: 'qq-group',
    names: { zh: 'QQ群', en: 'QQ group' },
    color: '#12B7F5',
    idField: 'groupNumber',
    qr: true,
    opensUrl: false,
  },
  {
    type: 'enterprise-wechat',
    names: { zh: '企业微信', en: 'WeCom' },
    color: '#2672FF',
    idField: 'ewcId',
    qr: true,
    opensUrl: false,
  },
] as const;

export type SocialType = (typeof SOCIAL_TYPES)[number]['type'];
export type SocialTypeMeta = (typeof SOCIAL_TYPES)[number];

export const SOCIAL_TYPE_IDS = SOCIAL_TYPES.map((t) => t.type) as unknown as readonly [
  SocialType,
  ...SocialType[],
];

export function socialTypeMeta(type: string): SocialTypeMeta | undefined {
  return SOCIAL_TYPES.find((t) => t.type === type);
}

export const NOTE_TYPE = 'note';

export type CardKind = 'site' | 'social' | 'note';

/** A card's kind from its `cardType`: none = site, `note` = note, anything else = a social card. */
export function cardKind(card: { cardType: string | null }): CardKind {
  if (!card.cardType) return 'site';
  return card.cardType === NOTE_TYPE ? 'note' : 'social';
}
export const VIRTUAL_SOCIAL_TAG = '__social_cards__';
export const VIRTUAL_NOTE_TAG = '__note_cards__';
export const VIRTUAL_TAG_IDS = [VIRTUAL_SOCIAL_TAG, VIRTUAL_NOTE_TAG] as const;

/** The types' names in one language, by type (the pages' `editor.socialTypes`). */
export function socialTypeNames(lang: Language): Record<SocialType, string> {
  return Object.fromEntries(SOCIAL_TYPES.map((t) => [t.type, t.names[lang]])) as Record<SocialType, string>;
}

/**
 * The name a social card created (or saved) without a label is stored under: its type's, in the creator's language
 * (Actor.lang; the older service's Chinese one when the caller named none).
 */
export function defaultSocialName(meta: SocialTypeMeta, lang: Language = COMPAT_LANGUAGE): string {
  return meta.names[lang];
}

/** Whether a stored name is its type's default in either language: a name the system gave, not a label of the user's. */
export function isDefaultSocialName(meta: SocialTypeMeta, name: string): boolean {
  return (Object.values(meta.names) as string[]).includes(name);
}

/** A social type's label in the reader's language; `translate` maps a type to it (the page's i18n). */
export type SocialTypeLabel = (type: SocialType) => string;

/**
 * The name a card shows. A social card created without a label is stored under its type's default name in its
 * creator's language: such a name follows the reader's language instead. A label the user set is shown as it is.
 */
export function shownCardName(
  card: { name: string; cardType: string | null },
  label: SocialTypeLabel,
): string {
  const meta = card.cardType ? socialTypeMeta(card.cardType) : undefined;
  return meta && isDefaultSocialName(meta, card.name) ? label(meta.type) : card.name;
}
