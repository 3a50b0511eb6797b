// Addresses of the editor pages (the dashboard links to the same ones), keeping the way back in `returnTo`.

/** `path` with `returnTo` added (left out when it is the default, the dashboard). */
export function withReturnTo(path: string, returnTo: string): string {
  if (returnTo === '/') return path;
  const sep = path.includes('?') ? '&' : '?';
  return `${path}${sep}returnTo=${encodeURIComponent(returnTo)}`;
}

const seg = encodeURIComponent;

export const editorHref = {
  tag: (id: string, returnTo: string) => withReturnTo(`/edit/tags/${seg(id)}`, returnTo),
  deleteTag: (id: string, returnTo: string) => withReturnTo(`/edit/tags/${seg(id)}/delete`, returnTo),
  site: (id: string, returnTo: string) => withReturnTo(`/edit/sites/${seg(id)}`, returnTo),
  social: (id: string, returnTo: string) => withReturnTo(`/edit/social/${seg(id)}`, returnTo),
  note: (id: string, returnTo: string) => withReturnTo(`/edit/notes/${seg(id)}`, returnTo),
};

/** Where a card's Delete button posts (with `returnTo` in the form): the card goes at once, Undo brings it back. */
export const cardDeleteAction = (id: string) => `/edit/cards/${seg(id)}/delete`;

/** This page's own address, to come back to from a page it links to. */
export function selfPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}
