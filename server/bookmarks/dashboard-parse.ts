// Reads other dashboards' configurations into the bookmark import's entries: Homepage (services.yaml and
// bookmarks.yaml), Dashy (conf.yml) and Homarr (a 1.x full backup's data.json or board export, a 0.x configuration
// JSON). Groups, sections and categories become the folder path; the parsed value comes from a worker
// (server/parsing/structured-read.ts), bounded in depth and size, and every value is checked here as a bookmark file's
// would be: only http(s) sites, only http(s) icon addresses (icon names such as `mdi-…`, `si-…`, `fas fa-…`, `hl-…`
// or `sonarr.png` are dropped), names and descriptions cut to the card's limits. The batch import then runs the same
// card schemas as REST.
import { badRequest } from '../errors';
import { TimeSlicer } from '../parsing/time-slice';
import { checkUrl } from '../urls/url-policy.shared';
import {
  DESCRIPTION_MAX,
  ICON_MAX,
  cut,
  makeItem,
  tagList,
  webUrl,
  type ParsedBookmark,
  type ParsedBookmarks,
} from './bookmark-entry';
import type { BookmarkFormat } from './bookmark.schema';

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const FOLDER_MAX = 200;
/** Sections inside sections (Homarr's dynamic sections) followed at most; real boards nest a few. */
const SECTION_DEPTH_MAX = 32;

/** An icon that is an http(s) picture address; icon-set names and paths on the other dashboard are dropped. */
function iconUrl(value: unknown): string | null {
  const raw = text(value).trim();
  if (!raw || raw.length > ICON_MAX || !/^https?:\/\//i.test(raw)) return null;
  const r = checkUrl(raw, 'image');
  return r.ok && /^https?:\/\//i.test(r.value) ? r.value : null;
}

/** The entries found so far: the first `maxItems` kept, every one counted. */
class Collector {
  readonly items: ParsedBookmark[] = [];
  total = 0;
  ignored = 0;
  // Checking 20,000 addresses and icons takes ~100 ms: in slices, like the bookmark file readers.
  private readonly slicer = new TimeSlicer();
  constructor(private readonly maxItems: number) {}

  /** Lets other requests run when the current slice is used up. */
  pause(): Promise<void> | undefined {
    return this.slicer.due() ? this.slicer.yield() : undefined;
  }

  add(entry: {
    name: unknown;
    url: unknown;
    folders: string[];
    description?: unknown;
    icon?: unknown;
    tags?: unknown;
  }) {
    const url = typeof entry.url === 'string' ? webUrl(entry.url.trim()) : null;
    if (!url) {
      this.ignored++;
      return;
    }
    this.total++;
    if (this.items.length >= this.maxItems) return;
    const tags = Array.isArray(entry.tags) ? tagList(entry.tags.map(text)) : [];
    this.items.push(
      makeItem(text(entry.name), url, entry.folders, {
        description: cut(text(entry.description), DESCRIPTION_MAX),
        iconUrl: iconUrl(entry.icon),
        tags,
      }),
    );
  }

  result(format: BookmarkFormat): ParsedBookmarks {
    return { format, items: this.items, total: this.total, ignored: this.ignored };
  }
}

const folder = (name: unknown) => cut(text(name), FOLDER_MAX);
const within = (path: string[], name: unknown) => {
  const f = folder(name);
  return f ? [...path, f] : path;
};

// ---- Homepage: a list of `{Group: [...]}`; a group lists services `{Name: {href, …}}`, bookmarks
// `{Name: [{href, abbr, …}]}` and nested groups `{Name: [{…}, …]}` in the same shape as the top level.

function isHomepageBookmark(list: unknown[]): boolean {
  return list.some((v) => isRecord(v) && ('href' in v || 'abbr' in v));
}

async function readHomepageGroup(list: unknown[], path: string[], c: Collector): Promise<void> {
  for (const entry of list) {
    if (!isRecord(entry)) continue;
    for (const [name, value] of Object.entries(entry)) {
      await c.pause();
      if (Array.isArray(value)) {
        if (isHomepageBookmark(value)) {
          const props = value.find((v): v is Json => isRecord(v) && 'href' in v) ?? {};
          c.add({ name, url: props.href, description: props.description, icon: props.icon, folders: path });
        } else await readHomepageGroup(value, within(path, name), c);
      } else if (isRecord(value)) {
        c.add({ name, url: value.href, description: value.description, icon: value.icon, folders: path });
      }
    }
  }
}

function looksLikeHomepage(root: unknown): root is unknown[] {
  return (
    Array.isArray(root) &&
    root.length > 0 &&
    root.every((g) => isRecord(g) && Object.values(g).every((v) => Array.isArray(v) || v === null))
  );
}

// ---- Dashy: `sections: [{name, items: [{title, description, url, icon, tags, subItems: [...]}]}]`.

async function readDashy(root: Json, c: Collector) {
  for (const section of root.sections as unknown[]) {
    if (!isRecord(section)) continue;
    const path = within([], section.name);
    for (const item of Array.isArray(section.items) ? section.items : []) {
      if (!isRecord(item)) continue;
      await c.pause();
      c.add({
        name: item.title,
        url: item.url,
        description: item.description,
        icon: item.icon,
        tags: item.tags,
        folders: path,
      });
      if (!Array.isArray(item.subItems)) continue;
      const inner = within(path, item.title);
      for (const sub of item.subItems) {
        await c.pause();
        if (isRecord(sub)) c.add({ name: sub.title, url: sub.url, icon: sub.icon, folders: inner });
      }
    }
  }
}

// ---- Homarr 0.x: `{schemaVersion, categories: [{id, name}], wrappers, apps: [{name, url, behaviour: {externalUrl,
// tooltipDescription}, appearance: {iconUrl}, area: {type, properties: {id}}}], widgets: [{type: 'bookmark', …}]}`.

async function readOldHomarr(root: Json, c: Collector) {
  const categories = new Map<string, string>();
  for (const cat of Array.isArray(root.categories) ? root.categories : []) {
    if (isRecord(cat)) categories.set(text(cat.id), folder(cat.name));
  }
  const pathOf = (tile: Json) => {
    const area = isRecord(tile.area) ? tile.area : {};
    const id = isRecord(area.properties) ? text(area.properties.id) : '';
    const name = area.type === 'category' ? categories.get(id) : undefined;
    return name ? [name] : [];
  };
  for (const app of root.apps as unknown[]) {
    if (!isRecord(app)) continue;
    await c.pause();
    const behaviour = isRecord(app.behaviour) ? app.behaviour : {};
    const appearance = isRecord(app.appearance) ? app.appearance : {};
    // The address people open (`externalUrl`) when there is one, else the one Homarr pings.
    const url = webUrl(text(behaviour.externalUrl).trim()) ? behaviour.externalUrl : app.url;
    c.add({
      name: app.name,
      url,
      description: behaviour.tooltipDescription,
      icon: appearance.iconUrl,
      folders: pathOf(app),
    });
  }
  for (const widget of Array.isArray(root.widgets) ? root.widgets : []) {
    if (!isRecord(widget) || widget.type !== 'bookmark' || !isRecord(widget.properties)) continue;
    const path = within(pathOf(widget), widget.properties.name);
    for (const item of Array.isArray(widget.properties.items) ? widget.properties.items : []) {
      await c.pause();
      if (isRecord(item)) c.add({ name: item.name, url: item.href, icon: item.iconUrl, folders: path });
    }
  }
}

// ---- Homarr 1.x: boards `{name, sections: [{id, kind, name, parentSectionId}], items: [{kind, options, layouts:
// [{sectionId}]}]}` whose app items name an app by id (`options` is SuperJSON text: `{"json": {"appId": …}}`), and
// apps `{id, name, description, iconUrl, href}` kept apart from boards: a full backup's data.json holds both.

/** An item's options: SuperJSON text (`{"json": {...}}`) or already an object. */
function optionsOf(raw: unknown): Json {
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.length > 100_000) return {};
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return {};
    }
  }
  if (!isRecord(value)) return {};
  return isRecord(value.json) ? value.json : value;
}

async function readHomarrBoards(boards: Json[], apps: unknown[], c: Collector) {
  const appsById = new Map<string, Json>();
  for (const app of apps) if (isRecord(app)) appsById.set(text(app.id), app);
  const placed = new Set<string>();
  const addApp = (id: string, folders: string[]) => {
    const app = appsById.get(id);
    if (!app) return;
    placed.add(id);
    c.add({ name: app.name, url: app.href, description: app.description, icon: app.iconUrl, folders });
  };
  for (const board of boards) {
    const sections = new Map<string, Json>();
    for (const s of Array.isArray(board.sections) ? board.sections : []) {
      if (isRecord(s)) sections.set(text(s.id), s);
    }
    // A section's path: the names of the categories it sits in, outermost first (dynamic sections have no name).
    const pathOf = (sectionId: string): string[] => {
      const names: string[] = [];
      let s = sections.get(sectionId);
      for (let hops = 0; s && hops < SECTION_DEPTH_MAX; hops++) {
        const name = s.kind === 'category' ? folder(s.name) : '';
        if (name) names.unshift(name);
        s = sections.get(text(s.parentSectionId));
      }
      return names;
    };
    for (const item of Array.isArray(board.items) ? board.items : []) {
      if (!isRecord(item)) continue;
      await c.pause();
      const layouts = Array.isArray(item.layouts) ? item.layouts.filter(isRecord) : [];
      const sectionId = text(item.sectionId) || text(layouts[0]?.sectionId);
      const options = optionsOf(item.options);
      if (item.kind === 'app') addApp(text(options.appId), pathOf(sectionId));
      else if (item.kind === 'bookmarks' && Array.isArray(options.items)) {
        const path = within(pathOf(sectionId), options.title);
        for (const id of options.items) {
          await c.pause();
          addApp(text(id), path);
        }
      }
    }
  }
  // Apps on no board are imported too, without a folder.
  for (const [id] of appsById) {
    await c.pause();
    if (!placed.has(id)) addApp(id, []);
  }
}

/** Where a Homarr 1.x file keeps its boards and apps (a full backup's data.json, or a board export). */
function homarrParts(root: Json): { boards: Json[]; apps: unknown[] | null } | null {
  const data = isRecord(root.data) ? root.data : null;
  const apps = Array.isArray(root.apps) ? root.apps : data && Array.isArray(data.apps) ? data.apps : null;
  if (Array.isArray(root.boards)) return { boards: root.boards.filter(isRecord), apps };
  if (data && root.type === 'board') {
    const boards = isRecord(data.board)
      ? [data.board]
      : Array.isArray(data.boards)
        ? data.boards.filter(isRecord)
        : [];
    return { boards, apps };
  }
  return null;
}

/**
 * Reads a parsed YAML or JSON value as one of the dashboards' configurations; null when it is none of them (the
 * caller then reads the text as it did before). A Homarr board export without its apps: a 400 saying what to upload.
 */
export async function readDashboard(root: unknown, maxItems: number): Promise<ParsedBookmarks | null> {
  const c = new Collector(maxItems);
  if (looksLikeHomepage(root)) {
    await readHomepageGroup(root, [], c);
    return c.result('homepage');
  }
  if (!isRecord(root)) return null;
  if (Array.isArray(root.sections) && !('boards' in root)) {
    await readDashy(root, c);
    return c.result('dashy');
  }
  if (Array.isArray(root.apps) && ('schemaVersion' in root || 'categories' in root || 'wrappers' in root)) {
    await readOldHomarr(root, c);
    return c.result('homarr');
  }
  const homarr = homarrParts(root);
  if (!homarr) return null;
  if (!homarr.apps) {
    throw badRequest(
      'This Homarr board export names its apps by id only (Homarr keeps apps apart from boards). Upload the data.json of a full backup (Manage → Tools → Backups) instead.',
    );
  }
  await readHomarrBoards(homarr.boards, homarr.apps, c);
  return c.result('homarr');
}
