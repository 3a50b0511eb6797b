// Sample objects the examples share. tests/api/openapi.test.ts checks every example against its schemas.
import { PRODUCT_NAME } from '#server/product.shared';
const at = '2026-01-15T08:30:00.000Z';

export const TAG = {
  id: 'tag-5f0c',
  name: 'Work',
  slug: 'work',
  sortOrder: 0,
  isHidden: false,
  logoUrl: null,
  logoBgColor: '#2563eb',
  description: 'Everyday tools',
  siteCount: 4,
};

export const CARD = {
  id: 'card-8a1d',
  name: 'MDN Web Docs',
  siteUrl: 'https://developer.mozilla.org/',
  siteDescription: 'Web reference',
  iconUrl: null,
  iconBgColor: null,
  siteIsOnline: true,
  siteSkipOnlineCheck: false,
  siteOnlineCheckFrequency: '1d',
  siteOnlineCheckTimeout: 3,
  siteOnlineCheckMatchMode: 'status',
  siteOnlineCheckKeyword: '',
  siteOnlineCheckFailThreshold: 3,
  siteOnlineCheckFailCount: 0,
  siteOnlineCheckLastRun: at,
  siteOnlineCheckHistory: [{ at, online: true, reason: null }],
  siteOfflineNotify: true,
  siteAccessRules: null,
  siteIsPinned: false,
  globalSortOrder: 3,
  cardType: null,
  cardData: null,
  siteRecommendContext: '',
  siteRecommendContextEnabled: true,
  siteRecommendContextAutoGen: true,
  siteAiRelationEnabled: true,
  siteRelatedSitesEnabled: true,
  sitePendingContextGen: false,
  siteNotes: '',
  siteNotesAiEnabled: true,
  siteTodos: [{ id: 'todo-1', text: 'Read the CSS guide', completed: false }],
  siteTodosAiEnabled: true,
  socialHint: null,
  tags: [{ id: TAG.id, name: TAG.name, slug: TAG.slug, isHidden: false, sortOrder: 0 }],
  siteRelatedSites: [],
  createdAt: at,
  updatedAt: at,
};

export const SOCIAL_CARD = {
  id: 'card-93b2',
  cardType: 'email',
  label: 'Email',
  iconUrl: null,
  iconBgColor: null,
  payload: { type: 'email', email: 'me@example.com' },
  hint: null,
  globalSortOrder: 7,
  createdAt: at,
  updatedAt: at,
};

export const NOTE_CARD = {
  id: 'card-4c77',
  title: 'Shopping',
  content: '- [ ] milk\n- [ ] bread',
  iconUrl: null,
  iconBgColor: null,
  globalSortOrder: 9,
  createdAt: at,
  updatedAt: at,
};

export const TOKEN = {
  id: 'tok-21e0',
  name: 'Laptop script',
  tokenSuffix: '9f3a',
  readOnly: false,
  expiresAt: '2026-04-15T08:30:00.000Z',
  lastUsedAt: null,
  createdAt: at,
  isExpired: false,
};

export const USER = {
  id: 'user-7d1e',
  username: 'alice',
  role: 'user',
  nickname: 'Alice',
  avatarAssetId: null,
  avatarColor: '#60a5fa',
  createdAt: at,
};

export const ATTACHMENT = {
  id: 'asset-51aa',
  filename: 'invoice.pdf',
  size: 48213,
  mimeType: 'application/pdf',
  url: '/api/note-cards/attach/asset-51aa',
  createdAt: at,
};

export const CHANNEL_INPUT = {
  name: 'Phone',
  type: 'webhook',
  url: 'https://ntfy.example.com/alerts',
  method: 'POST',
  contentType: 'application/json',
  titleParam: 'title',
  contentParam: 'message',
};

/** The channel CHANNEL_INPUT creates. */
export const CHANNEL = {
  id: 'chan-0b8e',
  owner_id: USER.id,
  ...CHANNEL_INPUT,
  enabled: true,
  created_at: at,
  updated_at: at,
};

/** One theme's look as PUT /api/appearance takes it (the pictures left out keep theirs). */
export const THEME = {
  desktopWallpaperAssetId: null,
  mobileWallpaperAssetId: null,
  fontPreset: 'grotesk' as const,
  fontSize: 16,
  overlayOpacity: 0.4,
  textColor: '#ffffff',
};

const look = (theme: 'light' | 'dark', isDefault: boolean) => ({
  theme,
  ...THEME,
  desktopWallpaperUrl: null,
  mobileWallpaperUrl: null,
  logoAssetId: null,
  logoUrl: null,
  faviconAssetId: null,
  faviconUrl: null,
  desktopCardFrosted: 100,
  mobileCardFrosted: 100,
  isDefault,
});
/** Both themes as GET and PUT /api/appearance answer them. */
export const APPEARANCES = { light: look('light', false), dark: look('dark', true) };

export const UNDO_TOKEN = 'undo-3f9c2a';

export const SETTINGS = {
  lightLogoAssetId: null,
  lightLogoUrl: null,
  darkLogoAssetId: null,
  darkLogoUrl: null,
  faviconAssetId: null,
  faviconUrl: null,
  siteName: PRODUCT_NAME,
  onlineCheckEnabled: true,
  onlineCheckTime: 3,
  onlineStatusPublic: true,
  onlineCheckLastRun: at,
  socialTagDescription: null,
  registrationEnabled: true,
  aiApiKey: '****1a2b',
  aiApiKeyMasked: true,
  aiBaseUrl: 'https://api.openai.com/v1',
  aiModel: 'gpt-4o-mini',
  outboundAllowPrivate: false,
  outboundAllowList: ['nas.lan'],
  siteIconService: '',
  quotaCards: 20000,
  quotaTags: 500,
  quotaBytes: 52428800,
};

export const BOOTSTRAP = {
  tags: [TAG],
  cards: [CARD],
  sites: [CARD],
  appearances: APPEARANCES,
  settings: SETTINGS,
};

export const SNAPSHOT = {
  id: 'snap-2b6e0c1a-5d4f-4e8a-9c3b-7f1e2d3c4b5a',
  ownerId: USER.id,
  label: 'v3',
  createdAt: at,
  tags: 4,
  cards: 12,
  reason: null,
};
