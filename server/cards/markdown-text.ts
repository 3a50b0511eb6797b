// The readable text of a note's Markdown (for search and previews), read from markdown-it's token stream: the same
// parser the notes are rendered with, and linear in the input. Regular expressions over raw Markdown were not: a
// note of 50,000 "[" took seconds (docs/decisions.md "Markdown to text in linear time").
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

// Block and inline rules as in app/lib/markdown.ts; raw HTML is text there and here.
const md = new MarkdownIt({ html: false, linkify: false, breaks: true, typographer: false });

/** Characters a preview parses at most: it shows the first lines only, so the rest need not be read. */
const PREVIEW_SOURCE_CHARS = 4000;

export interface TextBlock {
  text: string;
  heading: boolean;
}

/** A link to one of the note's own uploads (a picture or file): its text is a file name. */
const isUpload = (href: unknown) => typeof href === 'string' && href.startsWith('/api/note-cards/');

/**
 * `preview`: a tile's preview leaves out pictures and links to the note's files, whose text is a file name
 * ("IMG_0042.jpg"); search still finds them by it.
 */
function inlineText(children: Token[] | null, preview = false): string {
  let out = '';
  let skipping = 0;
  for (const c of children ?? []) {
    if (preview && c.type === 'link_open' && (skipping || isUpload(c.attrGet('href')))) skipping += 1;
    else if (skipping && c.type === 'link_close') skipping -= 1;
    else if (skipping) continue;
    else if (c.type === 'softbreak' || c.type === 'hardbreak') out += ' ';
    // An image reads as its alt text; link targets and formatting marks are not text.
    else if (c.type === 'image') out += preview ? '' : inlineText(c.children);
    else if (
      c.type === 'text' ||
      c.type === 'text_special' ||
      c.type === 'code_inline' ||
      c.type === 'html_inline'
    )
      out += c.content;
  }
  return out;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The text blocks of Markdown in reading order (headings, paragraphs, list items, table cells, code). */
export function markdownBlocks(markdown: string, { preview = false } = {}): TextBlock[] {
  const out: TextBlock[] = [];
  let heading = false;
  for (const t of md.parse(markdown, {})) {
    let text = '';
    if (t.type === 'heading_open') heading = true;
    else if (t.type === 'heading_close') heading = false;
    else if (t.type === 'inline') text = inlineText(t.children, preview);
    else if (t.type === 'fence' || t.type === 'code_block' || t.type === 'html_block') text = t.content;
    text = squash(text);
    if (text) out.push({ text, heading: heading && t.type === 'inline' });
  }
  return out;
}

/** The readable text of Markdown: link and image targets and formatting marks removed (for search). */
export function markdownToText(markdown: string): string {
  return markdownBlocks(markdown)
    .map((b) => b.text)
    .join(' ');
}

const comparable = (s: string) =>
  s
    .replace(/\.\.\.$/, '')
    .replace(/\s+/g, '')
    .toLowerCase();

/**
 * The preview of a note under its title: the first real text. A leading heading that is the title (or that the
 * title was made from) is not repeated.
 */
export function noteExcerpt(title: string, markdown: string, max = 140): string {
  const blocks = markdownBlocks(markdown.slice(0, PREVIEW_SOURCE_CHARS), { preview: true });
  const first = blocks[0];
  const name = comparable(title);
  if (first?.heading && name) {
    const head = comparable(first.text);
    if (head && (head.startsWith(name) || name.startsWith(head))) blocks.shift();
  }
  const text = blocks.map((b) => b.text).join(' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Longest title taken from a note's first line. */
const TITLE_MAX = 80;
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/**
 * What a note's tile shows: its title (the given one, else its first line of text, read like everything here
 * through the parser, so no Markdown marks or line-break debris), and under it the first real text after that.
 */
export function notePreview(title: string, markdown: string, max = 140): { title: string; text: string } {
  const given = title.trim();
  if (given) return { title: given, text: noteExcerpt(given, markdown, max) };
  const blocks = markdownBlocks(markdown.slice(0, PREVIEW_SOURCE_CHARS), { preview: true });
  const first = blocks.shift()?.text ?? '';
  const text = blocks.map((b) => b.text).join(' ');
  return { title: clip(first, TITLE_MAX), text: clip(text, max) };
}
