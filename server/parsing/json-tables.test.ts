import { describe, expect, it } from 'vitest';
import { JsonObjectReader, JsonTablesError, JsonTablesReader, type TableItem } from './json-tables';

/** Reads `text` fed in pieces of `size` characters; returns every item. */
function read(text: string, size: number, keep = (t: string) => t !== 'skipped', maxItemChars = 1000) {
  const reader = new JsonTablesReader({ keep, maxItemChars });
  const items: TableItem[] = [];
  for (let i = 0; i < text.length; i += size) items.push(...reader.feed(text.slice(i, i + size)));
  reader.end();
  return items;
}

const doc = {
  tags: [
    { id: 't1', name: 'A "quoted" \\ name ]}', sort_order: 0 },
    { id: 't2', name: 'B\u00e9\ud83d\ude00' },
  ],
  cards: [{ id: 'c1', nested: { list: [1, [2, { x: null }]] } }, 7, 'text', true, null, -1.5e3],
  empty: [],
  'we\u0301ird "key"': [{ a: 1 }],
  version: 5,
  flag: false,
  meta: { a: [1, 2] },
  skipped: [{ huge: 'x'.repeat(5000) }],
};

describe('JsonTablesReader', () => {
  it('gives each row of each kept table, whatever the piece size, as JSON.parse would', () => {
    const text = JSON.stringify(doc, null, 1);
    const expected = read(text, text.length);
    for (const size of [1, 2, 3, 7, 64, 1000]) expect(read(text, size)).toEqual(expected);
    const rows = (t: string) => expected.filter((i) => i.table === t).map((i) => i.value);
    expect(rows('tags')).toEqual(doc.tags);
    expect(rows('cards')).toEqual(doc.cards);
    expect(rows('empty')).toEqual([]);
    expect(rows('we\u0301ird "key"')).toEqual([{ a: 1 }]);
    expect(expected.find((i) => i.table === 'version')).toEqual({ table: 'version', index: -1, value: 5 });
    expect(expected.find((i) => i.table === 'flag')?.value).toBe(false);
    expect(expected.find((i) => i.table === 'meta')?.value).toEqual({ a: [1, 2] });
    expect(rows('skipped')).toEqual([]);
    expect(expected.filter((i) => i.table === 'cards').map((i) => i.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(read('{}', 1)).toEqual([]);
    expect(read(' { "a" : [ ] } ', 1)).toEqual([]);
  });

  it('only delimits the rows when asked not to parse them (a counting pass keeps nothing)', () => {
    const text = JSON.stringify(doc);
    const counting = new JsonTablesReader({ keep: (t) => t !== 'skipped', maxItemChars: 10, parse: false });
    const items: TableItem[] = [];
    for (let i = 0; i < text.length; i += 5) items.push(...counting.feed(text.slice(i, i + 5)));
    counting.end();
    expect(items.map((i) => [i.table, i.index])).toEqual(read(text, 100).map((i) => [i.table, i.index]));
    expect(items.every((i) => i.value === undefined)).toBe(true);
  });

  it('refuses what is not a complete JSON object', () => {
    const bad: [string, string][] = [
      ['[1, 2]', 'not_object'],
      ['"text"', 'not_object'],
      ['', 'syntax'],
      ['{', 'syntax'],
      ['{"a": [1, 2]', 'syntax'],
      ['{"a": [1, 2]} x', 'syntax'],
      ['{"a": [1,, 2]}', 'syntax'],
      ['{"a": [1, 2,]}', 'syntax'],
      ['{"a": [1 2]}', 'syntax'],
      ['{"a": [tru]}', 'syntax'],
      ['{"a": [{"b": }]}', 'syntax'],
      ['{"a" [1]}', 'syntax'],
      ['{"a": [1],}', 'syntax'],
      ['{a: [1]}', 'syntax'],
      ['{"a": [1]} {"b": []}', 'syntax'],
      ['\ufeff{"a": []}', 'not_object'],
    ];
    for (const [text, problem] of bad) {
      for (const size of [1, 3, 100]) {
        let error: unknown;
        try {
          read(text, size);
        } catch (err) {
          error = err;
        }
        expect(error, `${text} in pieces of ${size}`).toBeInstanceOf(JsonTablesError);
        expect((error as JsonTablesError).problem, text).toBe(problem);
      }
    }
  });

  it('refuses a row longer than the limit and nesting deeper than the limit, at the piece that passes it', () => {
    const long = `{"cards": [{"a": "${'x'.repeat(2000)}"}]}`;
    expect(() => read(long, 100)).toThrow(/Row 0 of cards is longer than 1000 characters/);
    // A long member that is stepped over is not kept, so it is not limited.
    expect(read(long, 100, () => false)).toEqual([]);
    const deep = `{"cards": [${'['.repeat(70)}${']'.repeat(70)}]}`;
    const reader = new JsonTablesReader({ keep: () => true, maxItemChars: 10_000 });
    expect(() => reader.feed(deep)).toThrow(JsonTablesError);
    const fed: string[] = [];
    const slow = new JsonTablesReader({ keep: () => true, maxItemChars: 10_000 });
    let error: unknown;
    try {
      for (const piece of deep.match(/.{1,10}/g)!) {
        fed.push(piece);
        slow.feed(piece);
      }
    } catch (err) {
      error = err;
    }
    expect((error as JsonTablesError).problem).toBe('too_deep');
    // Refused at the piece (10 characters) that opened level 65: the object and the table's array are two of them.
    const opened = fed.join('').replace(/[^[{]/g, '').length;
    expect(opened).toBeGreaterThanOrEqual(65);
    expect(opened).toBeLessThan(75);
  });
});

describe('JsonObjectReader', () => {
  const objectOf = (text: string, size: number, maxItemChars = 10_000) => {
    const reader = new JsonObjectReader(maxItemChars);
    for (let i = 0; i < text.length; i += size) reader.feed(text.slice(i, i + size));
    return reader.end();
  };

  it('reads an object as JSON.parse would, whatever the piece size', () => {
    const text = JSON.stringify(doc);
    for (const size of [1, 5, 64, text.length]) expect(objectOf(text, size)).toEqual(JSON.parse(text));
  });

  it('keeps the last of a repeated member, and a member named __proto__ as data', () => {
    const text = '{"items":[1,2],"items":[3],"mode":"a","mode":"b","__proto__":{"x":1}}';
    const read = objectOf(text, 4);
    expect(read).toEqual(JSON.parse(text));
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(Object.hasOwn(read, '__proto__')).toBe(true);
  });

  it('refuses a row longer than its bound, and text that is not one object', () => {
    expect(() => objectOf(JSON.stringify({ items: ['x'.repeat(100)] }), 8, 50)).toThrow(JsonTablesError);
    expect(() => objectOf('[1,2]', 2)).toThrow(JsonTablesError);
    expect(() => objectOf('{"items":[1,2]', 2)).toThrow(JsonTablesError);
  });
});
