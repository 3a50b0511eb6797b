// The quick launcher: Ctrl/Cmd+K anywhere, or "/" outside a text field, opens a box; typing part of a card's name,
// address, tag or memo lists the first matches (the owner's cards, or a visitor's public ones) with where each
// matched; arrows move, Enter opens the card, Alt+Enter its alternate address, Esc closes. It asks the same search
// as the dashboard (`GET /api/navigation/cards?q=`), and Enter with nothing listed opens the dashboard's search page,
// which is also what the search box does without JavaScript. Words come from app/components/launcher-text.tsx.

interface Hit {
  id: string;
  name: string;
  siteUrl: string;
  cardType: string | null;
  siteAccessRules?: { urls?: { url: string }[] } | null;
  matched?: string[];
}

const LIMIT = 8;
const WAIT_MS = 120;

let installed = false;

/** Starts listening for the launcher's keys (once per page). */
export function installLauncher() {
  const words = document.getElementById('launcher-text')?.dataset;
  if (installed || !words) return;
  installed = true;
  let launcher: Launcher | undefined;
  document.addEventListener('keydown', (event) => {
    const ctrlK = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey;
    const slash =
      event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typing(event.target);
    if (!ctrlK && !slash) return;
    event.preventDefault();
    launcher ??= new Launcher(words);
    launcher.open();
  });
}

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (/^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) || el.isContentEditable);
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, string | number | undefined> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node, props);
  return node;
}

/** Where a hit opens: a site's address (or its alternate), or the card's own page for social and note cards. */
function hrefOf(hit: Hit, alternate: boolean): string {
  const alt = hit.siteAccessRules?.urls?.[0]?.url;
  if (alternate && alt) return alt;
  return !hit.cardType && /^https?:\/\//i.test(hit.siteUrl)
    ? hit.siteUrl
    : `/card/${encodeURIComponent(hit.id)}`;
}

class Launcher {
  private dialog = el('dialog', { className: 'launcher' });
  private form = el('form', { method: 'get', action: '/' });
  private input = el('input', { type: 'search', name: 'q', autocomplete: 'off', id: 'launcher-input' });
  private list = el('ul', { id: 'launcher-list', className: 'launcher-list' });
  private status = el('p', { className: 'launcher-status' });
  private hits: Hit[] = [];
  private active = -1;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private asking: AbortController | undefined;
  /** Enter pressed before the answer came: what it asked for, done when the answer shows. */
  private enterWhenShown: KeyboardEvent | undefined;
  private pending = false;

  constructor(private words: DOMStringMap) {
    this.dialog.setAttribute('aria-label', words.title ?? '');
    this.form.setAttribute('role', 'search');
    this.input.placeholder = words.placeholder ?? '';
    this.input.setAttribute('aria-label', words.title ?? '');
    this.input.setAttribute('role', 'combobox');
    this.input.setAttribute('aria-controls', this.list.id);
    this.input.setAttribute('aria-autocomplete', 'list');
    this.input.setAttribute('aria-expanded', 'false');
    this.list.setAttribute('role', 'listbox');
    this.status.setAttribute('aria-live', 'polite');
    const all = el('button', {
      type: 'submit',
      className: 'button button-small',
      textContent: words.searchAll,
    });
    const hint = el('p', { className: 'launcher-hint', textContent: words.hint });
    this.form.append(this.input, this.list, this.status, el('div', { className: 'launcher-foot' }));
    this.form.lastElementChild!.append(hint, all);
    this.dialog.append(this.form);
    document.body.append(this.dialog);
    this.input.addEventListener('input', () => this.ask());
    this.input.addEventListener('keydown', (e) => this.key(e));
    // A click on the backdrop (outside the box) closes it.
    this.dialog.addEventListener('click', (e) => {
      if (e.target === this.dialog) this.dialog.close();
    });
  }

  open() {
    if (!this.dialog.open) this.dialog.showModal();
    this.input.select();
    this.input.focus();
  }

  private ask() {
    clearTimeout(this.timer);
    this.asking?.abort();
    this.active = -1;
    const q = this.input.value.trim();
    if (!q) return this.show([], '');
    this.timer = setTimeout(async () => {
      this.timer = undefined;
      const asking = (this.asking = new AbortController());
      this.pending = true;
      try {
        const params = new URLSearchParams({ q, limit: String(LIMIT) });
        const res = await fetch(`/api/navigation/cards?${params}`, {
          signal: asking.signal,
          headers: { accept: 'application/json' },
        });
        if (!res.ok) throw new Error(String(res.status));
        const { items } = (await res.json()) as { items: Hit[] };
        if (!asking.signal.aborted) this.show(items, items.length ? '' : (this.words.empty ?? ''));
      } catch {
        if (!asking.signal.aborted) this.show([], this.words.failed ?? '');
      } finally {
        if (this.asking === asking) this.pending = false;
      }
    }, WAIT_MS);
  }

  private show(hits: Hit[], status: string) {
    this.hits = hits;
    this.active = hits.length ? 0 : -1;
    this.list.replaceChildren(
      ...hits.map((hit, i) => {
        const item = el('li', { id: `launcher-option-${i}` });
        item.setAttribute('role', 'option');
        const link = el('a', { href: hrefOf(hit, false), tabIndex: -1 });
        const where = (hit.matched ?? []).map(
          (f) => this.words[`field${f[0]!.toUpperCase()}${f.slice(1)}`] ?? f,
        );
        link.append(
          el('span', { className: 'launcher-name', textContent: hit.name }),
          el('span', {
            className: 'launcher-why',
            textContent: where.length
              ? (this.words.matched ?? '{fields}').replace(
                  '{fields}',
                  where.join(this.words.separator ?? ', '),
                )
              : '',
          }),
        );
        item.append(link);
        return item;
      }),
    );
    this.input.setAttribute('aria-expanded', String(hits.length > 0));
    this.status.textContent = status;
    this.mark();
    const enter = this.enterWhenShown;
    this.enterWhenShown = undefined;
    if (enter && hits.length) this.go(enter);
    else if (enter) this.form.requestSubmit();
  }

  private go(event: KeyboardEvent) {
    const href = hrefOf(this.hits[this.active]!, event.altKey);
    if (event.ctrlKey || event.metaKey || event.shiftKey) window.open(href, '_blank', 'noopener');
    else location.assign(href);
  }

  private waiting(): boolean {
    return this.timer !== undefined || this.pending;
  }

  private mark() {
    [...this.list.children].forEach((item, i) =>
      item.setAttribute('aria-selected', String(i === this.active)),
    );
    if (this.active >= 0) {
      this.input.setAttribute('aria-activedescendant', `launcher-option-${this.active}`);
      this.list.children[this.active]?.scrollIntoView({ block: 'nearest' });
    } else this.input.removeAttribute('aria-activedescendant');
  }

  private key(event: KeyboardEvent) {
    const n = this.hits.length;
    // A search field would take the first Escape to clear itself: the launcher closes at once.
    if (event.key === 'Escape') {
      event.preventDefault();
      this.dialog.close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!n) return;
      this.active = (this.active + (event.key === 'ArrowDown' ? 1 : n - 1)) % n;
      this.mark();
    } else if (event.key === 'Enter' && this.input.value.trim() && (this.active >= 0 || this.waiting())) {
      // Enter with nothing listed (and nothing coming) submits the form: the dashboard's search page for the words.
      event.preventDefault();
      if (this.active >= 0) this.go(event);
      else this.enterWhenShown = event;
    }
  }
}
