// Progressive enhancement for pages rendered without React on the client (the dashboard, public card pages).
// Everything here is optional: without JavaScript the same pages work through links and form posts.

function closeMenusOnOutsideClick() {
  document.addEventListener('click', (event) => {
    for (const menu of document.querySelectorAll<HTMLDetailsElement>('details.menu[open]')) {
      if (!menu.contains(event.target as Node)) menu.open = false;
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const menu of document.querySelectorAll<HTMLDetailsElement>('details.menu[open]')) {
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  });
}

function autoDismissToasts() {
  for (const toast of document.querySelectorAll<HTMLElement>('[data-toast]')) {
    setTimeout(() => toast.classList.add('toast-leaving'), 8000);
  }
}

closeMenusOnOutsideClick();
autoDismissToasts();

export {};
