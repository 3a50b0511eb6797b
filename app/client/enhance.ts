// Progressive enhancement for pages rendered without React on the client (the dashboard, public card pages).
// Everything here is optional: without JavaScript the same pages work through links and form posts.
import { bulkSelect } from './bulk-select';
import { cardMenus, openAllButtons } from './card-menu';
import { switchTheme, themeOfSubmit } from './theme-switch';
import { TOAST_LEAVE_MS, toastMs } from '~/lib/flash';
import { markPageReady } from '~/lib/page-ready';
import { installLauncher } from './launcher';

function $all<T extends Element>(selector: string, root: ParentNode = document): T[] {
  return [...root.querySelectorAll<T>(selector)];
}

function closeMenusOnOutsideClick() {
  document.addEventListener('click', (event) => {
    for (const menu of $all<HTMLDetailsElement>('details.menu[open]')) {
      if (!menu.contains(event.target as Node)) menu.open = false;
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const menu of $all<HTMLDetailsElement>('details.menu[open]')) {
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  });
}

function showToast(message: string, kind: 'success' | 'error' = 'success') {
  for (const old of $all('[data-toast]')) old.remove();
  const toast = document.createElement('div');
  toast.className = `toast toast-${kind}`;
  toast.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  toast.dataset.toast = '';
  toast.textContent = message;
  document.body.append(toast);
  autoDismiss(toast);
}

function autoDismiss(toast: HTMLElement) {
  const stay = toastMs();
  setTimeout(() => toast.classList.add('toast-leaving'), stay);
  setTimeout(() => toast.remove(), stay + TOAST_LEAVE_MS);
}

function csrfToken(): string {
  return /(?:^|;\s*)csrf_token=([0-9a-f]{64})/.exec(document.cookie)?.[1] ?? '';
}

async function postJson(url: string, body: unknown): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken() },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * The pager's "Next" link becomes infinite scroll: the next page is fetched as HTML and its cards appended, for as
 * long as the link stays near the viewport (an observer reports only changes, so it is asked again after each
 * page), and the range ("1–72 of 10,012") follows. Answers a function that loads the next page now (resolving to
 * whether more remain), for "select all"; null when there is no next page.
 */
function infiniteScroll(): (() => Promise<boolean>) | null {
  const grid = document.querySelector<HTMLElement>('[data-card-grid]');
  const live = document.querySelector<HTMLElement>('[data-live-region]');
  const range = document.querySelector<HTMLElement>('[data-pager-range]');
  const link = document.querySelector<HTMLAnchorElement>('[data-load-more]');
  if (!grid || !link) return null;
  const label = link.dataset.moreLabel ?? link.textContent;
  link.textContent = label;
  let busy: Promise<void> | null = null;
  const load = () => (busy ??= loadPage().finally(() => (busy = null)));
  const loadPage = async () => {
    if (!link.isConnected) return;
    link.textContent = link.dataset.loadingLabel ?? '…';
    link.setAttribute('aria-busy', 'true');
    try {
      const res = await fetch(link.href, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
      if (!res.ok) throw new Error(String(res.status));
      const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
      const items = $all<HTMLElement>('[data-card-grid] > li', doc);
      grid.append(...items.map((i) => document.importNode(i, true)));
      const nextRange = doc.querySelector<HTMLElement>('[data-pager-range]');
      const to = nextRange?.dataset.rangeTo;
      if (range && to) range.textContent = (range.dataset.rangeTemplate ?? '').replace('{to}', to);
      const next = doc.querySelector<HTMLAnchorElement>('[data-load-more]');
      if (next) link.href = next.href;
      else {
        link.remove();
        observer.disconnect();
      }
      if (live) live.textContent = (link.dataset.loadedLabel ?? '').replace('0', String(items.length));
    } catch {
      // the link still works as a plain link
    } finally {
      link.textContent = label;
      link.removeAttribute('aria-busy');
    }
    if (link.isConnected) {
      observer.unobserve(link);
      observer.observe(link);
    }
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) if (e.isIntersecting) void load();
    },
    { rootMargin: '600px 0px' },
  );
  observer.observe(link);
  link.addEventListener('click', (e) => {
    e.preventDefault();
    void load();
  });
  return async () => {
    await load();
    return link.isConnected;
  };
}

type Ends = { start: boolean; end: boolean };
const moveButtons = (item: Element) =>
  $all<HTMLButtonElement>('button[value$="-up"], button[value$="-down"]', item);

/** Whether the list shown begins (ends) where the whole list does: its first up (last down) arrow is disabled. */
function listEnds(list: HTMLElement, selector: string): Ends {
  const items = $all<HTMLElement>(selector, list);
  const up = items.length ? moveButtons(items[0]!).find((b) => b.value.endsWith('-up')) : undefined;
  const down = items.length ? moveButtons(items.at(-1)!).find((b) => b.value.endsWith('-down')) : undefined;
  return { start: up?.disabled ?? true, end: down?.disabled ?? true };
}

/** After a drag, only the first item's "up" and the last item's "down" arrows are disabled, as after a reload. */
function syncMoveButtons(list: HTMLElement, selector: string, ends: Ends) {
  const items = $all<HTMLElement>(selector, list);
  items.forEach((item, i) => {
    for (const b of moveButtons(item)) {
      b.disabled = b.value.endsWith('-up') ? i === 0 && ends.start : i === items.length - 1 && ends.end;
    }
  });
}

/** In edit mode, cards and tags can be dragged; the new order is saved through the JSON API. */
async function dragAndDrop() {
  const board = document.querySelector<HTMLElement>('[data-dashboard][data-edit]');
  if (!board) return;
  const { default: Sortable } = await import('sortablejs');
  board.classList.add('js-dnd');
  const hint = board.querySelector<HTMLElement>('[data-js-hint]');
  if (hint) hint.textContent = hint.dataset.jsHint ?? hint.textContent;
  const failed = board.dataset.msgOrderFailed ?? 'Error';
  const grid = board.querySelector<HTMLElement>('[data-card-grid]');
  const tagId = board.dataset.tag ?? '';
  let ends = { start: true, end: true };
  if (grid) {
    Sortable.create(grid, {
      animation: 150,
      handle: '.drag-handle',
      draggable: '.tile',
      // Pinned cards always come first; a card cannot be dropped across that line.
      onMove: (evt) =>
        (evt.dragged as HTMLElement).dataset.pinned === (evt.related as HTMLElement).dataset.pinned,
      onStart: () => (ends = listEnds(grid, '.tile')),
      onEnd: async () => {
        syncMoveButtons(grid, '.tile', ends);
        const ids = $all<HTMLElement>('.tile', grid).map((el) => el.dataset.cardId!);
        const url =
          tagId && !tagId.startsWith('__')
            ? `/api/tags/${encodeURIComponent(tagId)}/sites/reorder`
            : '/api/site-cards/reorder-global';
        if (!(await postJson(url, { ids }))) showToast(failed, 'error');
      },
    });
  }
  const tags = board.querySelector<HTMLElement>('[data-tag-list]');
  if (tags) {
    Sortable.create(tags, {
      animation: 150,
      draggable: '.tag-item[data-tag-id]',
      filter: 'button, a.icon-button',
      preventOnFilter: false,
      onEnd: async () => {
        syncMoveButtons(tags, '.tag-item[data-tag-id]', { start: true, end: true });
        const ids = $all<HTMLElement>('.tag-item[data-tag-id]', tags).map((el) => el.dataset.tagId!);
        if (!(await postJson('/api/tags/reorder', { ids }))) showToast(failed, 'error');
      },
    });
  }
}

/** Copy buttons (hidden without JavaScript, where the value is in a selectable field instead). */
function copyButtons(root: ParentNode = document) {
  for (const button of $all<HTMLButtonElement>('[data-copy]', root)) {
    button.hidden = false;
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(button.dataset.copy ?? '');
        const label = button.querySelector('span');
        if (label) {
          const before = label.textContent;
          label.textContent = button.dataset.copiedLabel ?? '✓';
          setTimeout(() => (label.textContent = before), 1500);
        }
      } catch {
        (button.previousElementSibling as HTMLInputElement | null)?.select();
      }
    });
  }
}

/** Search suggestions in the search box's datalist, and "/" to jump to the search box. */
function searchBox() {
  const input = document.querySelector<HTMLInputElement>('input[data-suggest]');
  const list = input?.list;
  if (!input || !list) return;
  const engine = document.querySelector<HTMLSelectElement>('#search-engine');
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const q = input.value.trim();
      controller?.abort();
      if (!q) return list.replaceChildren();
      controller = new AbortController();
      const e = engine?.value === 'google' || engine?.value === 'baidu' ? engine.value : 'local';
      try {
        const res = await fetch(`/api/search/suggest?engine=${e}&q=${encodeURIComponent(q)}`, {
          signal: controller.signal,
        });
        const { items } = (await res.json()) as { items: { value: string }[] };
        list.replaceChildren(
          ...items.map((i) => {
            const option = document.createElement('option');
            option.value = i.value;
            return option;
          }),
        );
      } catch {
        // suggestions are optional
      }
    }, 180);
  });
}

/** Icons that fail to load are removed, so the letter avatar behind them shows. */
function dropBrokenIcons() {
  document.addEventListener(
    'error',
    (event) => {
      const img = event.target;
      if (img instanceof HTMLImageElement && img.closest('.tile-icon, .tag-glyph')) img.remove();
    },
    true,
  );
  for (const img of $all<HTMLImageElement>('.tile-icon img, .tag-glyph img')) {
    if (img.complete && img.naturalWidth === 0) img.remove();
  }
}

/** The quick-search floating button focuses the search box when the page has one (its link only scrolls). */
function quickSearch() {
  const focus = (event?: Event) => {
    const input = document.getElementById('dashboard-search');
    if (!input) return;
    event?.preventDefault();
    input.scrollIntoView({ block: 'center' });
    input.focus();
  };
  document.querySelector('[data-floating="quick-search"]')?.addEventListener('click', focus);
  if (location.hash === '#dashboard-search') focus();
}

/** The preferences menu's theme buttons switch the theme in place (the form post stays the fallback). */
function themeSwitch() {
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-theme-form')) return;
    const theme = themeOfSubmit(event);
    if (!theme) return;
    event.preventDefault();
    for (const b of $all<HTMLButtonElement>('button[name="theme"]', form)) {
      b.setAttribute('aria-pressed', String(b.value === theme));
    }
    void switchTheme(form, theme).then((ok) => {
      if (!ok) form.submit();
    });
  });
}

/** On a phone, the tags' "show all" toggle goes away when every tag fits in the folded rows anyway. */
function tagRailFold() {
  const list = document.querySelector<HTMLElement>('[data-tag-list]');
  const more = document.querySelector<HTMLElement>('[data-tag-rail-more]');
  const toggle = document.querySelector<HTMLInputElement>('#tag-rail-all');
  if (!list || !more || !toggle) return;
  const check = () => {
    if (toggle.checked) return;
    const fits = list.scrollHeight <= list.clientHeight + 1;
    more.hidden = fits;
    toggle.hidden = fits;
  };
  check();
  window.addEventListener('resize', check);
}

dropBrokenIcons();
themeSwitch();
tagRailFold();
quickSearch();
closeMenusOnOutsideClick();
for (const toast of $all<HTMLElement>('[data-toast]')) autoDismiss(toast);
bulkSelect(infiniteScroll());
copyButtons();
openAllButtons(document);
cardMenus(copyButtons);
searchBox();
void dragAndDrop();
installLauncher();
markPageReady();

export {};
