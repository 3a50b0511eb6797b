// Bookmark export: the caller's site cards as Netscape bookmark HTML, which every browser imports. Each tag is a
// folder (in tag order, cards in their order in that tag); a card with several tags is in each of their folders and
// a card without tags sits at the top level, and a tag named as a folder path is a nested folder, so importing the
// file here again gives back the same tags (the import makes one card of a page found in several folders).
import type { Actor } from '../actor';
import { cardKind } from '../cards/card-kinds.shared';
import type { CardDoc } from '../cards/card.model';
import { globalSequence, tagSequence } from '../cards/card.store';
import { getSpace } from '../spaces/space.cache';
import { FOLDER_SEPARATOR } from './bookmark.schema';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);
const seconds = (d: Date) => Math.floor(new Date(d).getTime() / 1000);

function link(card: CardDoc, indent: string): string {
  const icon = card.iconUrl?.startsWith('data:image/') ? ` ICON="${escape(card.iconUrl)}"` : '';
  const out = `${indent}<DT><A HREF="${escape(card.siteUrl)}" ADD_DATE="${seconds(card.createdAt)}"${icon}>${escape(card.name)}</A>\n`;
  return card.siteDescription ? `${out}${indent}<DD>${escape(card.siteDescription)}\n` : out;
}

interface Folder {
  name: string;
  createdAt: Date | null;
  cards: CardDoc[];
  children: Map<string, Folder>;
}

/** The caller's site cards as a Netscape bookmark file, with tags as folders. */
export async function exportBookmarksHtml(actor: Actor): Promise<string> {
  const space = await getSpace(actor.userId);
  const isSite = (c: CardDoc) => cardKind(c) === 'site';
  const parts = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n',
    '<!-- This is an automatically generated file. -->\n',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">\n',
    '<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n',
  ];
  const now = Math.floor(Date.now() / 1000);
  // A tag named as a folder path ("Dev / Frontend", what a bookmark import makes of nested folders) is a folder
  // inside its parent's again, so that the file imports back to the same tag names.
  const top = new Map<string, Folder>();
  for (const tag of space.tags) {
    const cards = tagSequence(space, tag._id)
      .map((o) => space.cards.get(o.id)!)
      .filter(isSite);
    if (!cards.length) continue;
    const path = tag.name.split(FOLDER_SEPARATOR).map((p) => p.trim());
    let level = top;
    let folder: Folder | undefined;
    for (const name of path.every(Boolean) ? path : [tag.name]) {
      folder = level.get(name);
      if (!folder) {
        folder = { name, createdAt: null, cards: [], children: new Map() };
        level.set(name, folder);
      }
      level = folder.children;
    }
    folder!.createdAt = tag.createdAt;
    folder!.cards.push(...cards);
  }
  const write = (folder: Folder, indent: string) => {
    const added = folder.createdAt ? seconds(folder.createdAt) : now;
    parts.push(`${indent}<DT><H3 ADD_DATE="${added}" LAST_MODIFIED="${now}">${escape(folder.name)}</H3>\n`);
    parts.push(`${indent}<DL><p>\n`, ...folder.cards.map((c) => link(c, `${indent}    `)));
    for (const child of folder.children.values()) write(child, `${indent}    `);
    parts.push(`${indent}</DL><p>\n`);
  };
  for (const folder of top.values()) write(folder, '    ');
  for (const { id } of globalSequence(space, isSite)) {
    if (!space.membershipsByCard.get(id)?.length) parts.push(link(space.cards.get(id)!, '    '));
  }
  parts.push('</DL><p>\n');
  return parts.join('');
}
