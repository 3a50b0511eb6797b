import { type RouteConfig, index, prefix, route } from '@react-router/dev/routes';

// Every endpoint of the service, in one greppable list: pages, then /api resource routes.
export default [
  // ---- pages ----
  index('routes/pages/home.tsx'),
  route('setup', 'routes/pages/setup.tsx'),
  route('preferences', 'routes/preferences.ts'),
  route('search', 'routes/search.ts'),
  route('undo', 'routes/undo.ts'),
  route('metrics', 'routes/metrics.ts'),
  route('card/:id', 'routes/pages/card.$id.tsx'),
  route('ai', 'routes/pages/ai.tsx'),
  route('social-card/:id', 'routes/social-card.$id.ts'),
  route('manifest.webmanifest', 'routes/manifest.ts'),
  // accounts
  route('login', 'routes/pages/login.tsx'),
  route('register', 'routes/pages/register.ts'),
  route('logout', 'routes/pages/logout.ts'),
  route('profile', 'routes/pages/profile.tsx'),
  route('bookmarks', 'routes/pages/bookmarks.tsx'),
  route('bookmarks/rows/:token', 'routes/bookmarks.rows.$token.ts'),
  route('settings/history', 'routes/pages/settings.history.tsx'),
  route('settings/data', 'routes/pages/settings.data.tsx'),
  route('admin/users', 'routes/pages/admin.users.tsx'),
  route('admin/oauth', 'routes/pages/admin.oauth.tsx'),
  route('admin/config', 'routes/pages/admin.config.tsx'),
  route('admin/backups', 'routes/pages/admin.backups.tsx'),
  route('docs/api', 'routes/pages/docs.api.tsx'),
  route('settings/appearance', 'routes/pages/settings.appearance.tsx'),
  route('settings/site', 'routes/pages/settings.site.tsx'),

  // MCP authorization for AI assistants (OAuth 2.1 + PKCE; docs/decisions.md §69): discovery, registration,
  // the consent page and the token endpoint.
  route('.well-known/oauth-protected-resource', 'routes/well-known.oauth-protected-resource.ts'),
  route('.well-known/oauth-protected-resource/api/mcp', 'routes/well-known.oauth-protected-resource.ts', {
    id: 'oauth-protected-resource-mcp',
  }),
  route('.well-known/oauth-authorization-server', 'routes/well-known.oauth-authorization-server.ts'),
  route('oauth/authorize', 'routes/pages/oauth.authorize.tsx'),
  route('oauth/register', 'routes/oauth.register.ts'),
  route('oauth/token', 'routes/oauth.token.ts'),

  // editors (signed in; hydrated, and every form also works as a plain post)
  route('edit', 'routes/pages/edit.tsx', [
    route('tags/new', 'routes/pages/edit.tags.new.tsx'),
    route('tags/:tagId', 'routes/pages/edit.tags.$tagId.tsx'),
    route('tags/:tagId/delete', 'routes/pages/edit.tags.$tagId.delete.tsx'),
    route('sites/new', 'routes/pages/edit.sites.new.tsx'),
    route('sites/:cardId', 'routes/pages/edit.sites.$cardId.tsx'),
    route('social/new', 'routes/pages/edit.social.new.tsx'),
    route('social/:cardId', 'routes/pages/edit.social.$cardId.tsx'),
    route('notes/new', 'routes/pages/edit.notes.new.tsx'),
    route('notes/:cardId', 'routes/pages/edit.notes.$cardId.tsx'),
    route('cards/:cardId/delete', 'routes/pages/edit.cards.$cardId.delete.tsx'),
  ]),

  // ---- JSON API ----
  ...prefix('api', [
    route('health', 'routes/api/health.ts'),
    route('openapi.json', 'routes/api/openapi.ts'),
    route('setup', 'routes/api/setup.ts'),

    // accounts, sessions, tokens
    route('auth/login', 'routes/api/auth.login.ts'),
    route('auth/logout', 'routes/api/auth.logout.ts'),
    route('auth/register', 'routes/api/auth.register.ts'),
    route('auth/session', 'routes/api/auth.session.ts'),
    route('auth/switch', 'routes/api/auth.switch.ts'),
    route('auth/oauth-providers', 'routes/api/auth.oauth-providers.ts'),
    route('auth/oauth/:provider', 'routes/api/auth.oauth.$provider.ts'),
    route('auth/oauth/:provider/callback', 'routes/api/auth.oauth.$provider.callback.ts'),
    route('admin/registration', 'routes/api/admin.registration.ts'),
    route('admin/users', 'routes/api/admin.users.ts'),
    route('admin/users/temporary-password', 'routes/api/admin.users.temporary-password.ts'),
    route('admin/oauth', 'routes/api/admin.oauth.ts'),
    route('admin/oauth/test', 'routes/api/admin.oauth.check.ts'),
    route('user/profile', 'routes/api/user.profile.ts'),
    route('user/avatar', 'routes/api/user.avatar.ts'),
    route('user/password', 'routes/api/user.password.ts'),
    route('user/username', 'routes/api/user.username.ts'),
    route('user/delete-account', 'routes/api/user.delete-account.ts'),
    route('user/tokens', 'routes/api/user.tokens.ts'),
    route('user/tokens/:id', 'routes/api/user.tokens.$id.ts'),
    route('user/apps', 'routes/api/user.apps.ts'),
    route('user/apps/:id', 'routes/api/user.apps.$id.ts'),
    route('user/oauth-bind', 'routes/api/user.oauth-bind.ts'),

    // data portability: the caller's data ZIP, and the whole instance's (admin)
    route('user/data/export', 'routes/api/user.data.export.ts'),
    route('user/data/detect', 'routes/api/user.data.detect.ts'),
    route('user/data/import', 'routes/api/user.data.import.ts'),
    route('user/data/reset', 'routes/api/user.data.reset.ts'),
    route('user/data/clear', 'routes/api/user.data.clear.ts'),
    route('user/data/progress', 'routes/api/user.data.progress.ts'),
    route('config/export', 'routes/api/config.export.ts'),
    route('config/detect', 'routes/api/config.detect.ts'),
    route('config/import', 'routes/api/config.import.ts'),
    route('config/reset', 'routes/api/config.reset.ts'),
    route('config/progress', 'routes/api/config.progress.ts'),
    route('config/migrate', 'routes/api/config.migrate.ts'),
    route('admin/backups', 'routes/api/admin.backups.ts'),
    route('admin/backups/settings', 'routes/api/admin.backups.settings.ts'),
    route('admin/backups/:name', 'routes/api/admin.backups.$name.ts'),
    route('admin/backups/:name/restore', 'routes/api/admin.backups.$name.restore.ts'),

    // uploaded files
    route('assets/:assetId/file', 'routes/api/assets.$assetId.file.ts'),
    route('site-icons/:host', 'routes/api/site-icons.$host.ts'),
    route('assets/wallpaper', 'routes/api/assets.wallpaper.ts'),
    route('assets/cleanup', 'routes/api/assets.cleanup.ts'),
    route('note-cards/upload-image', 'routes/api/note-cards.upload-image.ts'),
    route('note-cards/upload-file', 'routes/api/note-cards.upload-file.ts'),
    route('note-cards/img/:imageId', 'routes/api/note-cards.img.$imageId.ts'),
    route('note-cards/file/:fileId', 'routes/api/note-cards.file.$fileId.ts'),
    route('note-cards/attach/:fileId', 'routes/api/note-cards.file.$fileId.ts', { id: 'api-note-attach' }),
    route('note-cards/attachment', 'routes/api/note-cards.attachment.ts'),

    // appearance and site settings
    route('appearance', 'routes/api/appearance.ts'),
    route('settings', 'routes/api/settings.ts'),
    route('floating-buttons', 'routes/api/floating-buttons.ts'),

    // navigation (read side; visitors see the admin's space)
    route('navigation/cards', 'routes/api/navigation.cards.ts'),
    route('navigation/site-cards', 'routes/api/navigation.site-cards.ts'),
    route('navigation/tags', 'routes/api/navigation.tags.ts'),
    route('navigation/social-cards', 'routes/api/navigation.social-cards.ts'),
    route('navigation/note-cards', 'routes/api/navigation.note-cards.ts'),
    route('search/suggest', 'routes/api/search.suggest.ts'),
    route('admin/bootstrap', 'routes/api/admin.bootstrap.ts'),

    // tags
    route('tags', 'routes/api/tags.ts'),
    route('tags/reorder', 'routes/api/tags.reorder.ts'),
    route('tags/:tagId/sites/reorder', 'routes/api/tags.$tagId.sites.reorder.ts'),
    route('tags/:tagId/cards/reorder', 'routes/api/tags.$tagId.sites.reorder.ts', {
      id: 'api-tag-cards-reorder',
    }),
    route('tags/:tagId/sites/restore', 'routes/api/tags.$tagId.sites.restore.ts'),
    route('tags/:tagId/cards/restore', 'routes/api/tags.$tagId.sites.restore.ts', {
      id: 'api-tag-cards-restore',
    }),

    // cards
    route('site-cards', 'routes/api/site-cards.ts'),
    route('site-cards/memo', 'routes/api/site-cards.memo.ts'),
    route('site-cards/reorder-global', 'routes/api/site-cards.reorder-global.ts'),
    route('site-cards/batch', 'routes/api/site-cards.batch.ts'),
    route('site-cards/import-preview', 'routes/api/site-cards.import-preview.ts'),
    route('site-cards/export', 'routes/api/site-cards.export.ts'),
    route('site-cards/check-online', 'routes/api/site-cards.check-online.ts'),
    route('site-cards/check-online-single', 'routes/api/site-cards.check-online-single.ts'),
    route('site-cards/preview', 'routes/api/site-cards.preview.ts'),
    route('social-cards', 'routes/api/social-cards.ts'),
    route('social-cards/reorder', 'routes/api/social-cards.reorder.ts'),
    route('social-cards/:id', 'routes/api/social-cards.$id.ts'),
    route('note-cards', 'routes/api/note-cards.ts'),
    route('cards/bulk', 'routes/api/cards.bulk.ts'),
    route('undo', 'routes/api/undo.ts'),
    route('snapshots', 'routes/api/snapshots.ts'),

    // MCP for AI assistants (access tokens only)
    route('mcp', 'routes/api/mcp.ts'),
    route('mcp/sse', 'routes/api/mcp.sse.ts'),
    route('mcp/sse/messages', 'routes/api/mcp.sse.messages.ts'),

    // AI (an OpenAI-compatible provider configured by the admin)
    route('ai/check', 'routes/api/ai.check.ts'),
    route('ai/recommend', 'routes/api/ai.recommend.ts'),
    route('ai/workflow', 'routes/api/ai.workflow.ts'),
    route('ai/analyze-site-card', 'routes/api/ai.analyze-site-card.ts'),
    route('ai/import-bookmarks', 'routes/api/ai.import-bookmarks.ts'),

    // offline notifications (webhook channels)
    route('notifications', 'routes/api/notifications.ts'),
    route('notifications/test-preview', 'routes/api/notifications.test-preview.ts'),
    route('notifications/:id', 'routes/api/notifications.$id.ts'),
    route('notifications/:id/test', 'routes/api/notifications.$id.send-test.ts'),

    // Any other /api path: a JSON 404, never the HTML page.
    route('*', 'routes/api/not-found.ts'),
  ]),

  // ---- everything else ----
  route('*', 'routes/pages/not-found.tsx'),
] satisfies RouteConfig;
