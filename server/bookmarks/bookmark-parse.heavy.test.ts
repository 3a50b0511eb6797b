// Opt-in (npm run test:heavy): a 20 MB bookmarks file and a 600,000-line list are parsed in slices, never holding
// the event loop for long (~30 s on the shared machine, where the stall measure is also at the mercy of the load).
import { describe, expect, it } from 'vitest';
import { longestStall } from '../../tests/api/stall-helpers';
import { parseBookmarks } from './bookmark-parse';

describe('parseBookmarks at scale', () => {
  it('never holds the event loop for long: a 20 MB file is read in slices, its links counted past the cap', async () => {
    const links = '<DT><A HREF="https://a.example/x">Some site</A>\n'.repeat(400_000);
    // Decoded from bytes, as an upload is (a string built by `repeat` would be flattened on first use).
    const html = Buffer.from(`<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><p>${links}</DL>`).toString();
    expect(html.length).toBeGreaterThan(19_000_000);
    const { result, stallMs } = await longestStall(() => parseBookmarks(html, { maxItems: 1000 }));
    expect(result.total).toBe(400_000);
    expect(result.items).toHaveLength(1000);
    expect(stallMs).toBeLessThan(100);
    const list = Buffer.from('https://b.example/page some title\n'.repeat(600_000)).toString();
    const text = await longestStall(() => parseBookmarks(list, { maxItems: 10 }));
    expect(text.result.total).toBe(600_000);
    expect(text.stallMs).toBeLessThan(100);
  });
});
