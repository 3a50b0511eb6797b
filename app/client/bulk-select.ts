// The selection bar of the dashboard's edit mode, with JavaScript: how many cards are ticked, shift-click for a
// range, "Select all" (loading the rest of the view) and "Clear". Without it the checkboxes and the bar's buttons
// are a plain form (app/components/dashboard/bulk-bar.tsx), so nothing here is needed to act.

const TAG_OPS = new Set(['move', 'addTag', 'removeTag']);

/** `loadMore` loads the view's next page of cards (resolving to whether more remain), or is null on the last page. */
export function bulkSelect(loadMore: (() => Promise<boolean>) | null): void {
  const bar = document.querySelector<HTMLFormElement>('form[data-bulk-bar]');
  const grid = document.querySelector<HTMLElement>('[data-card-grid]');
  if (!bar || !grid) return;
  const count = bar.querySelector<HTMLElement>('[data-bulk-count]')!;
  const tag = bar.querySelector<HTMLSelectElement>('select[name="tagId"]')!;
  const opButtons = [...bar.querySelectorAll<HTMLButtonElement>('button[name="op"]')];
  const max = Number(bar.dataset.max) || 500;
  const picks = () => [...grid.querySelectorAll<HTMLInputElement>('input[data-bulk-pick]')];
  for (const el of bar.querySelectorAll<HTMLElement>('[data-bulk-js]')) el.hidden = false;
  bar.classList.add('js-bulk');

  const update = () => {
    const n = picks().filter((p) => p.checked).length;
    count.textContent =
      n === 0
        ? (bar.dataset.countNone ?? '')
        : n === 1
          ? (bar.dataset.countOne ?? '')
          : (bar.dataset.countOther ?? '').replace('{n}', String(n));
    bar.classList.toggle('has-picks', n > 0);
    for (const b of opButtons) b.disabled = n === 0;
  };

  // Shift-click ticks (or unticks) every card between the last one clicked and this one.
  let last: HTMLInputElement | null = null;
  grid.addEventListener('click', (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.hasAttribute('data-bulk-pick')) return;
    const all = picks();
    if (event.shiftKey && last && last !== box && all.includes(last)) {
      const [from, to] = [all.indexOf(last), all.indexOf(box)].sort((a, b) => a - b);
      for (const p of all.slice(from!, to! + 1)) p.checked = box.checked;
    }
    last = box;
    update();
  });
  grid.addEventListener('change', update);

  bar.querySelector('[data-bulk-all]')?.addEventListener('click', async (event) => {
    const button = event.currentTarget as HTMLButtonElement;
    button.disabled = true;
    try {
      // The rest of the view is loaded (as scrolling would), up to what one request may carry.
      let shown = picks().length;
      while (loadMore && shown < max && (await loadMore())) {
        const now = picks().length;
        if (now === shown) break;
        shown = now;
      }
      for (const p of picks().slice(0, max)) p.checked = true;
    } finally {
      button.disabled = false;
      update();
    }
  });
  bar.querySelector('[data-bulk-clear]')?.addEventListener('click', () => {
    for (const p of picks()) p.checked = false;
    last = null;
    update();
  });

  // A tag operation without a tag: the picker says so instead of a round trip. (On click, before the browser
  // validates the form: a message left on the picker would block the next operation.)
  for (const b of opButtons)
    b.addEventListener('click', (event) => {
      tag.setCustomValidity('');
      if (TAG_OPS.has(b.value) && !tag.value) {
        event.preventDefault();
        tag.setCustomValidity(bar.dataset.chooseTag ?? '');
        tag.reportValidity();
      }
    });
  tag.addEventListener('change', () => tag.setCustomValidity(''));
  update();
}
