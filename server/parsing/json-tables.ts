// A JSON document of tables (an object whose members are arrays of rows, like a data archive's `data.json`) read
// piece by piece: each row is parsed on its own as soon as its text is complete. The document is never held whole
// (JSON.parse of a 100 MB text held the event loop for seconds and its copies hundreds of MB), a caller can stop at
// any row (the first one past a quota) and the caller slices the work between pieces (docs/decisions.md
// "Untrusted parsing is bounded").
import {
  BACKSLASH,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  JSON_DEPTH_MAX,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
} from './json-bounded';

export type JsonTablesProblem = 'syntax' | 'too_deep' | 'too_large' | 'not_object';

export class JsonTablesError extends Error {
  override name = 'JsonTablesError';
  constructor(
    readonly problem: JsonTablesProblem,
    message: string,
  ) {
    super(message);
  }
}

/** A row of a table (`index` from 0), or the whole value of a kept member that is not an array (`index` -1). */
export interface TableItem {
  table: string;
  index: number;
  value: unknown;
}

export interface JsonTablesOptions {
  /** The members to read; the others are stepped over without being kept or parsed. */
  keep: (table: string) => boolean;
  /** The longest text one row (or one non-array member) may have. */
  maxItemChars: number;
  maxDepth?: number;
  /**
   * False to only delimit the rows (items without a value, nothing kept or parsed): a cheap first pass that counts
   * them. Their text is then checked for its structure only.
   */
  parse?: boolean;
}

type State =
  | 'start'
  | 'key-or-end'
  | 'key'
  | 'key-text'
  | 'colon'
  | 'value'
  | 'item-or-end'
  | 'item'
  | 'after-item'
  | 'after-member'
  | 'value-text'
  | 'done';

const COMMA = 0x2c;
const COLON = 0x3a;
const MAX_KEY_CHARS = 200;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const ends = (c: number) => c === COMMA || c === CLOSE_ARRAY || c === CLOSE_OBJECT || isSpace(c);

/**
 * Feed it the text in pieces (`feed`), then call `end`. Each piece returns the rows it completed. Throws
 * `JsonTablesError` at the first piece that is not JSON, not an object, nested deeper than `maxDepth` or holds a
 * row longer than `maxItemChars`.
 */
export class JsonTablesReader {
  private state: State = 'start';
  private readonly maxDepth: number;
  private table = '';
  private index = 0;
  /** What the value being read is: a row, a kept member's value, or a member stepped over. */
  private target: 'row' | 'member' | 'skip' = 'skip';
  private parts: string[] = [];
  private size = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private primitive = false;

  constructor(private readonly options: JsonTablesOptions) {
    this.maxDepth = options.maxDepth ?? JSON_DEPTH_MAX;
  }

  feed(text: string): TableItem[] {
    const out: TableItem[] = [];
    const n = text.length;
    let i = 0;
    // Where the text of the value or key being read starts in this piece.
    let start = 0;
    while (i < n) {
      if (this.state === 'value-text') {
        const end = this.scanValue(text, i);
        if (end === -1) break;
        this.take(text.slice(start, end));
        this.finishValue(out);
        i = end;
      } else if (this.state === 'key-text') {
        const end = this.scanString(text, i);
        if (end === -1) break;
        this.takeKey(text.slice(start, end));
        this.table = this.decodeKey();
        this.state = 'colon';
        i = end;
      } else {
        const c = text.charCodeAt(i);
        if (!isSpace(c)) this.step(c);
        // A value's first character (a quote, a bracket, a digit) is read again by the value scanner; a key's
        // opening quote is not part of its text.
        if ((this.state as State) !== 'value-text') i++;
        start = i;
      }
    }
    if (this.state === 'value-text') this.take(text.slice(start));
    else if (this.state === 'key-text') this.takeKey(text.slice(start));
    return out;
  }

  /** Throws unless the document was complete. */
  end(): void {
    if (this.state !== 'done') throw new JsonTablesError('syntax', 'The JSON ends before it is complete');
  }

  /** One structural character outside values. */
  private step(c: number): void {
    switch (this.state) {
      case 'start':
        if (c !== OPEN_OBJECT) throw new JsonTablesError('not_object', 'The JSON is not an object');
        this.state = 'key-or-end';
        return;
      case 'key-or-end':
        if (c === CLOSE_OBJECT) return void (this.state = 'done');
        return this.beginKey(c);
      case 'key':
        return this.beginKey(c);
      case 'colon':
        if (c !== COLON) throw this.syntax();
        this.state = 'value';
        return;
      case 'value':
        if (this.options.keep(this.table) && c === OPEN_ARRAY) {
          this.index = 0;
          this.state = 'item-or-end';
          return;
        }
        return this.beginValue(c, this.options.keep(this.table) ? 'member' : 'skip', 1);
      case 'item-or-end':
        if (c === CLOSE_ARRAY) return void (this.state = 'after-member');
        return this.beginValue(c, 'row', 2);
      case 'item':
        return this.beginValue(c, 'row', 2);
      case 'after-item':
        if (c === COMMA) return void (this.state = 'item');
        if (c === CLOSE_ARRAY) return void (this.state = 'after-member');
        throw this.syntax();
      case 'after-member':
        if (c === COMMA) return void (this.state = 'key');
        if (c === CLOSE_OBJECT) return void (this.state = 'done');
        throw this.syntax();
      default:
        throw this.syntax();
    }
  }

  private beginKey(c: number): void {
    if (c !== QUOTE) throw this.syntax();
    this.parts = [];
    this.size = 0;
    this.escaped = false;
    this.state = 'key-text';
  }

  /** Starts reading a value whose first character is `c`, `outer` levels inside the document. */
  private beginValue(c: number, target: 'row' | 'member' | 'skip', outer: number): void {
    if (c === COMMA || c === COLON || c === CLOSE_ARRAY || c === CLOSE_OBJECT) throw this.syntax();
    this.target = target;
    this.parts = [];
    this.size = 0;
    this.depth = outer;
    this.inString = false;
    this.escaped = false;
    this.primitive = c !== QUOTE && c !== OPEN_ARRAY && c !== OPEN_OBJECT;
    this.state = 'value-text';
  }

  /**
   * Reads the value on from `i`: the index just after it once it is complete (a number or literal ends before the
   * character that ends it), or -1 when the piece ended first.
   */
  private scanValue(text: string, i: number): number {
    const n = text.length;
    const outer = this.target === 'row' ? 2 : 1;
    let { depth, inString, escaped } = this;
    const { primitive } = this;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) {
          inString = false;
          if (depth === outer) {
            this.depth = depth;
            this.inString = false;
            this.escaped = false;
            return i + 1;
          }
        }
      } else if (primitive) {
        if (ends(c)) return i;
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
        if (++depth > this.maxDepth)
          throw new JsonTablesError('too_deep', `The JSON is nested more than ${this.maxDepth} levels deep`);
      } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
        if (--depth === outer) {
          this.depth = depth;
          return i + 1;
        }
      }
    }
    // The first character of a string value opens it: `depth` stays at `outer` for a plain string.
    Object.assign(this, { depth, inString, escaped });
    return -1;
  }

  /** The index just after a key's closing quote, or -1 when the piece ended first. */
  private scanString(text: string, i: number): number {
    const n = text.length;
    let { escaped } = this;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (escaped) escaped = false;
      else if (c === BACKSLASH) escaped = true;
      else if (c === QUOTE) {
        this.escaped = false;
        return i + 1;
      }
    }
    this.escaped = escaped;
    return -1;
  }

  private take(piece: string): void {
    if (this.target === 'skip' || piece === '' || this.options.parse === false) return;
    this.size += piece.length;
    if (this.size > this.options.maxItemChars) {
      const what =
        this.target === 'row' ? `Row ${this.index} of ${this.table}` : `The value of ${this.table}`;
      throw new JsonTablesError(
        'too_large',
        `${what} is longer than ${this.options.maxItemChars} characters`,
      );
    }
    this.parts.push(piece);
  }

  private takeKey(piece: string): void {
    this.size += piece.length;
    if (this.size > MAX_KEY_CHARS)
      throw new JsonTablesError('too_large', `A member name is longer than ${MAX_KEY_CHARS} characters`);
    this.parts.push(piece);
  }

  private decodeKey(): string {
    // The parts hold the key without its opening quote and with its closing one.
    const raw = this.parts.join('');
    this.parts = [];
    try {
      return JSON.parse(`"${raw}`) as string;
    } catch {
      throw this.syntax();
    }
  }

  private finishValue(out: TableItem[]): void {
    const isRow = this.target === 'row';
    if (this.target !== 'skip' && this.options.parse === false) {
      out.push({ table: this.table, index: isRow ? this.index : -1, value: undefined });
    } else if (this.target !== 'skip') {
      const text = this.parts.join('');
      let value: unknown;
      try {
        value = JSON.parse(text) as unknown;
      } catch {
        throw new JsonTablesError(
          'syntax',
          isRow ? `Row ${this.index} of ${this.table} is not valid JSON` : `${this.table} is not valid JSON`,
        );
      }
      out.push({ table: this.table, index: isRow ? this.index : -1, value });
    }
    this.parts = [];
    this.size = 0;
    if (isRow) {
      this.index++;
      this.state = 'after-item';
    } else this.state = 'after-member';
  }

  private syntax(): JsonTablesError {
    return new JsonTablesError('syntax', 'The JSON is not valid');
  }
}

/**
 * A JSON object read piece by piece (`feed`, then `end` for the value): the rows of its array members are parsed one
 * by one as they complete, so no single step parses more than `maxItemChars` of text. As JSON.parse, a member given
 * twice keeps its last value.
 */
export class JsonObjectReader {
  private readonly members = new Map<string, unknown>();
  private readonly tables: JsonTablesReader;

  constructor(maxItemChars: number) {
    this.tables = new JsonTablesReader({
      // Called as each member's value starts (an array's rows follow; any other value arrives whole).
      keep: (member) => {
        this.members.set(member, []);
        return true;
      },
      maxItemChars,
    });
  }

  feed(text: string): void {
    for (const { table, index, value } of this.tables.feed(text)) {
      if (index < 0) this.members.set(table, value);
      else (this.members.get(table) as unknown[]).push(value);
    }
  }

  /** The object read; throws `JsonTablesError` unless the text was one complete object. */
  end(): Record<string, unknown> {
    this.tables.end();
    return Object.fromEntries(this.members);
  }
}
