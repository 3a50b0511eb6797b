// The 12 social card types of the older service (compat §2.4). Browser-safe: the editor renders from this table.
export const SOCIAL_TYPES = [
  { type: 'qq', label: 'QQ', color: '#12B7F5', idField: 'qqNumber', qr: true, opensUrl: false },
  { type: 'wechat', label: '微信', color: '#07C160', idField: 'wechatId', qr: true, opensUrl: false },
  { type: 'email', label: '邮箱', color: '#EA4335', idField: 'email', qr: false, opensUrl: false },
  { type: 'bilibili', label: 'B站', color: '#FB7299', idField: 'url', qr: false, opensUrl: true },
  { type: 'github', label: 'GitHub', color: '#181717', idField: 'url', qr: false, opensUrl: true },
  { type: 'blog', label: '博客', color: '#FF6B35', idField: 'url', qr: false, opensUrl: true },
  {
    type: 'wechat-official',
    label: '微信公众号',
    color: '#07C160',
    idField: 'accountName',
    qr: true,
    opensUrl: false,
  },
  { type: 'telegram', label: 'Telegram频道', color: '#26A5E4', idField: 'url', qr: false, opensUrl: true },
  { type: 'xiaohongshu', label: '小红书', color: '#FE2C55', idField: 'xhsId', qr: true, opensUrl: false },
  { type: 'douyin', label: '抖音', color: '#010000', idField: 'douyinId', qr: true, opensUrl: false },
  { type: 'qq-group', label: 'QQ群', color: '#12B7F5', idField: 'groupNumber', qr: true, opensUrl: false },
  {
    type: 'enterprise-wechat',
    label: '企业微信',
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

/** A social type's label in the reader's language; `translate` maps a type to it (the page's i18n). */
export type SocialTypeLabel = (type: SocialType) => string;

/**
 * The name a card shows. A social card created without a label is stored under its type's default label (the older
 * service's Chinese one, which its clients read back): such a name follows the reader's language instead. A label
 * the user set is shown as it is.
 */
export function shownCardName(
  card: { name: string; cardType: string | null },
  label: SocialTypeLabel,
): string {
  const meta = card.cardType ? socialTypeMeta(card.cardType) : undefined;
  return meta && card.name === meta.label ? label(meta.type) : card.name;
}
