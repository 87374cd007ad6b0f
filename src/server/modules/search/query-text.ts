/**
 * Turning what someone typed into safe pieces of SQL input (decision 0021). Everything
 * here is passed as a bound parameter; these functions only make the values mean what
 * the user meant (a `%` is a percent sign, not a wildcard).
 */

/** Words of the query as the 'simple' text-search parser sees them: letters and digits. */
export function queryWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/**
 * A to_tsquery() input: every word must occur, the last one as a prefix so results follow
 * the typing ("back" already finds "backflip"). Words hold only letters and digits, so
 * quoting them is enough to keep tsquery syntax out. Null when nothing searchable is left.
 */
export function prefixTsQuery(query: string): string | null {
  const words = queryWords(query);
  if (words.length === 0) return null;
  return words
    .map((word, index) => `'${word}'${index === words.length - 1 ? ':*' : ''}`)
    .join(' & ');
}

/** LIKE treats `%`, `_` and `\` specially; escaped they match themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}
