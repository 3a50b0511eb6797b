// Browser side of uploads with a progress bar: XMLHttpRequest (fetch reports no upload progress) to an /api upload
// route, signed in by the session cookie with the CSRF header. Resolves with the JSON answer; rejects with the
// API's error message.
export function uploadWithProgress<T>(
  url: string,
  body: FormData,
  csrfToken: string,
  onProgress: (percent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('X-CSRF-Token', csrfToken);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (ev) => {
      if (ev.lengthComputable) onProgress(Math.round((ev.loaded / ev.total) * 100));
    };
    xhr.onerror = () => reject(new Error(''));
    xhr.onload = () => {
      const res = xhr.response as (T & { error?: string }) | null;
      if (xhr.status >= 400 || !res) reject(new Error(res?.error ?? ''));
      else resolve(res);
    };
    xhr.send(body);
  });
}

/** Markdown for an uploaded note picture or file. */
export function noteMarkdown(kind: 'image' | 'file', name: string, url: string): string {
  const label = name.replace(/[[\]\r\n]/g, ' ').trim() || kind;
  return kind === 'image' ? `![${label}](${url})` : `[${label}](${url})`;
}

/**
 * `block` between `before` and `after` as a paragraph of its own: blank lines around it, so a picture added after a
 * list is not read as part of its last item. Returns the text and where the caret goes (after the block).
 */
export function insertParagraph(
  before: string,
  block: string,
  after: string,
): { text: string; caret: number } {
  const lead = !before || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const head = `${before}${lead}${block}${trail}`;
  return { text: `${head}${after}`, caret: head.length };
}

/** Puts a block into a textarea at its cursor (a paragraph of its own) and tells the form it changed. */
export function insertIntoTextarea(textarea: HTMLTextAreaElement, text: string): void {
  const { value } = textarea;
  // At the cursor when the text has the focus (a paste), else at the end (the upload form's button has it).
  const focused = document.activeElement === textarea;
  const start = focused ? textarea.selectionStart : value.length;
  const end = focused ? textarea.selectionEnd : value.length;
  const next = insertParagraph(value.slice(0, start), text, value.slice(end));
  // The native setter, so React and conform see an ordinary input event.
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(textarea, next.text);
  textarea.dispatchEvent(new Event('input', { bubbles: true }));
  textarea.setSelectionRange(next.caret, next.caret);
}
