import { BUS_PAGE_BYTES } from '@lt/contracts';
import { bytePage, jsonBytes, withinBytes } from './bus-pages';

describe('pages of a list sized in bytes', () => {
  const quotes = (n: number) => Array.from({ length: n }, (_, i) => ({ i, text: '"'.repeat(500) }));

  it('counts the bytes of the JSON, escapes and UTF-8 included', () => {
    expect(jsonBytes({ t: '"' })).toBe('{"t":"\\""}'.length);
    expect(jsonBytes('€')).toBe(5);
  });

  it('keeps the first items within the budget, at least one, and the last ones from the end', () => {
    const rows = quotes(1000);
    const page = withinBytes(rows);
    expect(jsonBytes(page)).toBeLessThanOrEqual(BUS_PAGE_BYTES);
    expect(page.length).toBeGreaterThan(400);
    expect(page.length).toBeLessThan(1000);
    expect(page[0].i).toBe(0);
    const tail = withinBytes(rows, { fromEnd: true, maxBytes: 5000 });
    expect(tail[tail.length - 1].i).toBe(999);
    expect(jsonBytes(tail)).toBeLessThanOrEqual(5000);
    expect(withinBytes(rows, { maxBytes: 10 })).toEqual([rows[0]]);
  });

  it('says more follows when the rows were cut or filled the limit asked', () => {
    expect(bytePage(quotes(1000), 2000).more).toBe(true);
    expect(bytePage(quotes(3), 3).more).toBe(true);
    expect(bytePage(quotes(3), 4)).toEqual({ items: quotes(3), more: false });
  });
});
