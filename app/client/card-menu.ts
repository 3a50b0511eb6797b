// The site card's menu on the dashboard (part of the enhancement script, app/client/enhance.ts).

function $all<T extends Element>(selector: string, root: ParentNode): T[] {
  return [...root.querySelectorAll<T>(selector)];
}

/** "Open all" alternates: each in a new tab (hidden without JavaScript, where each is a link). */
export function openAllButtons(root: ParentNode) {
  for (const button of $all<HTMLButtonElement>('[data-open-all]', root)) {
    button.hidden = false;
    button.addEventListener('click', () => {
      const urls = JSON.parse(button.dataset.openAll ?? '[]') as string[];
      for (const url of urls) window.open(url, '_blank', 'noopener');
    });
  }
}

/**
 * A site card's menu button opens its menu in a popover: the menu section of the card's page (`/card/<id>`, where
 * the link leads without JavaScript), fetched as HTML. Escape, a click outside or the button again close it.
 */
export function cardMenus(copyButtons: (root: ParentNode) => void) {
  let open: { popover: HTMLElement; trigger: HTMLAnchorElement } | null = null;
  const close = (focus: boolean) => {
    if (!open) return;
    open.popover.remove();
    open.trigger.setAttribute('aria-expanded', 'false');
    if (focus) open.trigger.focus();
    open = null;
  };
  const place = (popover: HTMLElement, trigger: HTMLElement) => {
    const r = trigger.getBoundingClientRect();
    const width = popover.offsetWidth;
    const left = Math.min(Math.max(8, r.right - width), document.documentElement.clientWidth - width - 8);
    popover.style.left = `${left + window.scrollX}px`;
    popover.style.top = `${r.bottom + window.scrollY + 6}px`;
  };
  document.addEventListener('click', async (event) => {
    const target = event.target as Element;
    const trigger = target.closest<HTMLAnchorElement>('[data-card-menu-trigger]');
    if (!trigger) {
      if (open && !open.popover.contains(target)) close(false);
      return;
    }
    event.preventDefault();
    const wasOpen = open?.trigger === trigger;
    close(false);
    if (wasOpen) return;
    try {
      const res = await fetch(trigger.href, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
      if (!res.ok) throw new Error(String(res.status));
      const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
      const menu = doc.querySelector('[data-card-menu]');
      if (!menu) throw new Error('no menu');
      const popover = document.createElement('div');
      popover.className = 'card-popover';
      popover.setAttribute('role', 'dialog');
      popover.setAttribute('aria-label', trigger.getAttribute('aria-label') ?? '');
      const title = document.createElement('p');
      title.className = 'card-popover-title';
      title.textContent = doc.querySelector('#card-title')?.textContent ?? '';
      popover.append(title, document.importNode(menu, true));
      document.body.append(popover);
      place(popover, trigger);
      copyButtons(popover);
      openAllButtons(popover);
      trigger.setAttribute('aria-expanded', 'true');
      open = { popover, trigger };
      popover.querySelector<HTMLElement>('a, button:not([hidden])')?.focus();
    } catch {
      window.location.href = trigger.href;
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close(true);
  });
  // A resize (a phone turned, a full-page screenshot) moves the popover with its button instead of closing it.
  window.addEventListener('resize', () => {
    if (open) place(open.popover, open.trigger);
  });
}
