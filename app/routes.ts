import { type RouteConfig, index, prefix, route } from '@react-router/dev/routes';

// Every endpoint of the service, in one greppable list: pages, then /api resource routes.
export default [
  // ---- pages ----
  index('routes/pages/home.tsx'),
  route('setup', 'routes/pages/setup.tsx'),
  route('preferences', 'routes/preferences.ts'),
  route('login', 'routes/pages/login.tsx'),
  route('register', 'routes/pages/register.ts'),
  route('logout', 'routes/pages/logout.ts'),
  route('profile', 'routes/pages/profile.tsx'),
  route('admin/users', 'routes/pages/admin.users.tsx'),

  // ---- JSON API ----
  ...prefix('api', [
    route('health', 'routes/api/health.ts'),
    route('setup', 'routes/api/setup.ts'),
    route('auth/login', 'routes/api/auth.login.ts'),
    route('auth/logout', 'routes/api/auth.logout.ts'),
    route('auth/register', 'routes/api/auth.register.ts'),
    route('auth/session', 'routes/api/auth.session.ts'),
    route('auth/switch', 'routes/api/auth.switch.ts'),
    route('admin/registration', 'routes/api/admin.registration.ts'),
    route('admin/users', 'routes/api/admin.users.ts'),
    route('user/profile', 'routes/api/user.profile.ts'),
    route('user/avatar', 'routes/api/user.avatar.ts'),
    route('user/password', 'routes/api/user.password.ts'),
    route('user/username', 'routes/api/user.username.ts'),
    route('user/delete-account', 'routes/api/user.delete-account.ts'),
    route('user/tokens', 'routes/api/user.tokens.ts'),
    route('user/tokens/:id', 'routes/api/user.tokens.$id.ts'),
    route('assets/:assetId/file', 'routes/api/assets.$assetId.file.ts'),
    // Any other /api path: a JSON 404, never the HTML page.
    route('*', 'routes/api/not-found.ts'),
  ]),

  // ---- everything else ----
  route('*', 'routes/pages/not-found.tsx'),
] satisfies RouteConfig;
