// Bookmark export: the caller's site cards as Netscape bookmark HTML, which every browser imports. Each tag is a
// folder (in tag order, cards in their order in that tag); a card with several tags is in each of their folders and
// a card without tags sits at the top level, so importing the file here again gives back the same tags.
import type { Actor } from '../actor';
import { cardKind } from '../cards/card-kinds.shared';
import type { CardDoc } from '../cards/card.model';
import { globalSequence, tagSequence } from '../cards/card.store';
import { getSpace } from '../spaces/space.cache';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);
const seconds = (d: Date) => Math.floor(new Date(d).getTime() / 1000);

function link(card: CardDoc, indent: string): string {
  const icon = card.iconUrl?.startsWith('data:image/') ? ` ICON="${escape(card.iconUrl)}"` : '';
  const out = `${indent}<DT><A HREF="${escape(card.siteUrl)}" ADD_DATE="${seconds(card.createdAt)}"${icon}>${escape(card.name)}</A>\n`;
  return card.siteDescription ? `${out}${indent}<DD>${escape(card.siteDescription)}\n` : out;
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
  for (const tag of space.tags) {
    const cards = tagSequence(space, tag._id)
      .map((o) => space.cards.get(o.id)!)
      .filter(isSite);
    if (!cards.length) continue;
    parts.push(
      `    <DT><H3 ADD_DATE="${seconds(tag.createdAt)}" LAST_MODIFIED="${now}">${escape(tag.name)}</H3>\n`,
    );
    parts.push('    <DL><p>\n', ...cards.map((c) => link(c, '        ')), '    </DL><p>\n');
  }
  for (const { id } of globalSequence(space, isSite)) {
    if (!space.membershipsByCard.get(id)?.length) parts.push(link(space.cards.get(id)!, '    '));
  }
  parts.push('</DL><p>\n');
  return parts.join('');
}
