import { type RouteConfig, index, prefix, route } from '@react-router/dev/routes';

// Every endpoint of the service, in one greppable list: pages, then /api resource routes.
export default [
  // ---- pages ----
  index('routes/pages/home.tsx'),
  route('setup', 'routes/pages/setup.tsx'),
  route('preferences', 'routes/preferences.ts'),

  // ---- JSON API ----
  ...prefix('api', [
    route('health', 'routes/api/health.ts'),
    route('setup', 'routes/api/setup.ts'),
    // Any other /api path: a JSON 404, never the HTML page.
    route('*', 'routes/api/not-found.ts'),
  ]),

  // ---- everything else ----
  route('*', 'routes/pages/not-found.tsx'),
] satisfies RouteConfig;
