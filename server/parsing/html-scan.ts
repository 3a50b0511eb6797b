// The one way the server reads HTML it did not write (bookmark files, sites' home pages): htmlparser2's tokenizer,
// which does constant work per character, run in time slices. Its Parser is not used: the element stack it keeps
// costs the current depth on every tag (`Array.unshift`), so 300,000 nested `<DL><p>` took 133 s of the event
// loop. Callers that need nesting keep their own, bounded stack (docs/decisions.md "Untrusted parsing is bounded").
import { Tokenizer } from 'htmlparser2';
import { TimeSlicer } from './time-slice';

export interface HtmlHandler {
  /** A start tag: the name and attribute names in lower case, attribute values with entities decoded. */
  openTag?(name: string, attrs: Record<string, string>): void;
  closeTag?(name: string): void;
  /** Text between tags, entities decoded; one run of text may arrive in several pieces. */
  text?(text: string): void;
}

/** Callbacks between time checks (a `performance.now()` per token would cost more than the token). */
const CHECK_EVERY = 64;
/** Attributes kept per tag: readers need a few; a tag of a million distinct names is not worth a hash table. */
const ATTRIBUTES_MAX = 64;

/**
 * Reads HTML token by token in linear time, handing tags and text to `handler`, and yields to the event loop every
 * few milliseconds. The HTML may come in pieces (an upload decoded as it arrived), never joined into one string: a
 * token may span pieces. A handler may throw to stop (e.g. at a depth limit): the promise rejects with it.
 */
export async function scanHtml(
  input: string | readonly string[],
  handler: HtmlHandler,
  slicer = new TimeSlicer(),
): Promise<void> {
  // The pieces from the one holding the oldest unread token on; `offset` is where the first of them starts.
  const pieces: string[] = [];
  let offset = 0;
  const slice = (start: number, end: number): string => {
    while (pieces.length > 1 && start - offset >= pieces[0]!.length) offset += pieces.shift()!.length;
    let out = pieces[0]!.slice(start - offset, end - offset);
    for (let i = 1, at = offset + pieces[0]!.length; end > at && i < pieces.length; i++) {
      out += pieces[i]!.slice(0, end - at);
      at += pieces[i]!.length;
    }
    return out;
  };

  let tagName = '';
  let attrs: Record<string, string> = {};
  let attrName = '';
  let attrValue = '';
  let attrCount = 0;
  let calls = 0;
  const tick = () => {
    if (++calls % CHECK_EVERY === 0 && slicer.due()) tokenizer.pause();
  };
  const openTagEnd = () => {
    handler.openTag?.(tagName, attrs);
    tick();
  };
  const text = (value: string) => {
    handler.text?.(value);
    tick();
  };
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, end) {
        tagName = slice(start, end).toLowerCase();
        attrs = Object.create(null) as Record<string, string>;
        attrCount = 0;
      },
      onattribname(start, end) {
        attrName = slice(start, end).toLowerCase();
        attrValue = '';
      },
      onattribdata(start, end) {
        if (attrCount < ATTRIBUTES_MAX) attrValue += slice(start, end);
      },
      onattribentity(codepoint) {
        if (attrCount < ATTRIBUTES_MAX) attrValue += String.fromCodePoint(codepoint);
      },
      onattribend() {
        // The first of repeated attributes wins, as in browsers.
        if (attrCount < ATTRIBUTES_MAX && !(attrName in attrs)) {
          attrs[attrName] = attrValue;
          attrCount++;
        }
        tick();
      },
      onopentagend: openTagEnd,
      // In HTML a `/>` does not close the element.
      onselfclosingtag: openTagEnd,
      onclosetag(start, end) {
        handler.closeTag?.(slice(start, end).toLowerCase());
        tick();
      },
      ontext(start, end) {
        text(slice(start, end));
      },
      ontextentity(codepoint) {
        text(String.fromCodePoint(codepoint));
      },
      oncdata: tick,
      oncomment: tick,
      ondeclaration: tick,
      onprocessinginstruction: tick,
      onend() {},
    },
  );
  for (const piece of typeof input === 'string' ? [input] : input) {
    if (!piece) continue;
    pieces.push(piece);
    tokenizer.write(piece);
    while (!tokenizer.running) {
      await slicer.yield();
      tokenizer.resume();
    }
    if (slicer.due()) await slicer.yield();
  }
  tokenizer.end();
}
