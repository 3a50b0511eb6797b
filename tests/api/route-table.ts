// The route table (app/routes.ts) as flat URL patterns, for tests that walk every endpoint.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import routes from '~/routes';

interface Entry {
  path?: string;
  file: string;
  index?: boolean;
  children?: Entry[];
}

export interface FlatRoute {
  /** The URL pattern without the leading slash, e.g. `edit/tags/:tagId`. */
  path: string;
  /** The module, relative to app/. */
  file: string;
  /** An index route: its action answers posts to `<path>?index`. */
  index: boolean;
}

function flatten(entries: Entry[], parent = ''): FlatRoute[] {
  return entries.flatMap((e) => {
    const full = [parent, e.path ?? ''].filter(Boolean).join('/');
    return [{ path: full, file: e.file, index: Boolean(e.index) }, ...flatten(e.children ?? [], full)];
  });
}

export const allRoutes = flatten(routes as Entry[]);

export const isApiPath = (p: string) => p === 'api' || p.startsWith('api/');

/** Every route outside /api (pages and the small resource routes beside them), catch-alls left out. */
export const pageRoutes = allRoutes.filter((r) => !isApiPath(r.path) && !r.path.includes('*'));

/** Whether a route module exports an action (read from its source, so page modules need not be loaded). */
export function hasAction(file: string): boolean {
  const source = readFileSync(path.resolve(import.meta.dirname, '../../app', file), 'utf8');
  return /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b|\bas\s+action\b/.test(source);
}

/** The URL a form posts to for a route: index routes take `?index`. */
export function actionUrl(route: FlatRoute, values: (name: string, pattern: string) => string): string {
  return urlOf(route.path, values) + (route.index ? '?index' : '');
}

/** A concrete URL for a route pattern: each parameter gets the value `values(name, pattern)` gives. */
export function urlOf(pattern: string, values: (name: string, pattern: string) => string): string {
  return `/${pattern.replace(/:([A-Za-z0-9_]+)\??/g, (_m, name: string) => encodeURIComponent(values(name, pattern)))}`;
}
