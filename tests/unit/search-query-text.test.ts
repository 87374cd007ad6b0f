import { describe, expect, it } from 'vitest';
import { decodeSearchCursor, encodeSearchCursor } from '@/server/modules/search/cursor';
import { escapeLike, prefixTsQuery, queryWords } from '@/server/modules/search/query-text';

describe('search query text', () => {
  it('keeps only letters and digits as words, lower-cased, at most eight', () => {
    expect(queryWords("Hot SAUCE! o'brien 100%")).toEqual(['hot', 'sauce', 'o', 'brien', '100']);
    expect(queryWords('Crème brûlée 東京')).toEqual(['crème', 'brûlée', '東京']);
    expect(queryWords('% _ \' " & | ! : * ( )')).toEqual([]);
    expect(queryWords('a b c d e f g h i j')).toHaveLength(8);
  });

  it('builds a tsquery where every word must match and the last is a prefix', () => {
    expect(prefixTsQuery('hot sau')).toBe("'hot' & 'sau':*");
    expect(prefixTsQuery('backfl')).toBe("'backfl':*");
    // tsquery operators typed by the user are not operators.
    expect(prefixTsQuery("a & !b | c:* <-> 'd'")).toBe("'a' & 'b' & 'c' & 'd':*");
    expect(prefixTsQuery('%%%')).toBeNull();
  });

  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%_off\\')).toBe('100\\%\\_off\\\\');
    expect(escapeLike('plain')).toBe('plain');
  });
});

describe('search cursor', () => {
  it('reads back what it wrote, for its own section only', () => {
    const cursor = encodeSearchCursor('dares', { offset: 20, typos: true });
    expect(decodeSearchCursor('dares', cursor)).toEqual({ offset: 20, typos: true });
    expect(() => decodeSearchCursor('people', cursor)).toThrow(/Invalid cursor/);
    expect(decodeSearchCursor('people', undefined)).toEqual({ offset: 0, typos: false });
  });

  it('refuses offsets out of range and anything it did not write', () => {
    const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const value of [
      forge(['dares', 0, 0]),
      forge(['dares', 200, 0]),
      forge(['dares', 2.5, 0]),
      forge(['dares', 10, 2]),
      forge(['dares', '10', 0]),
      forge({ offset: 10 }),
      'not base64 !',
    ]) {
      expect(() => decodeSearchCursor('dares', value)).toThrow(/Invalid cursor/);
    }
  });
});
