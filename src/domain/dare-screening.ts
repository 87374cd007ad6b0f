import {
  DANGEROUS_DARE_PATTERNS,
  type DangerCategory,
  type DangerPattern,
} from './dangerous-dare-patterns';

/**
 * What the server makes of a new dare's words (DESIGN.md section 10): `refuse` (a clear match:
 * 422 with the spec's warning), `review` (a likely one: 'Under review' until a moderator
 * approves it), or `pass`. Pure and local: no external service is called.
 */
export type ScreeningVerdict =
  | { verdict: 'pass' }
  | { verdict: 'refuse' | 'review'; category: DangerCategory; matched: string };

/**
 * Lower case, accents and punctuation gone, digits kept, one space between words: 'Jump
 * off the ROOF!!!' and 'jump-off the roof' read the same, and patterns match whole words.
 * A few letter-for-digit spellings ('r00f', 'p1lls') are read as letters inside words.
 */
export function normaliseDareText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(LEET_RUN, (run) => run.replace(/[0-9!@]/g, (c) => LEET[c] ?? c))
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '!': 'i', '3': 'e', '4': 'a', '@': 'a' };
/** Digits standing for letters: only between letters ('r00f', 'p1lls'), never '10k' or '3'. */
const LEET_RUN = /(?<=\p{L})[01!34@]+(?=\p{L})/gu;

type Compiled = DangerPattern & { regex: RegExp };

const compiled: Compiled[] = DANGEROUS_DARE_PATTERNS.map((entry) => ({
  ...entry,
  // Whole words only: 'gun' is not in 'begun', 'roof' not in 'roofer'.
  regex: new RegExp(`(?:^| )(?:${entry.pattern})(?= |$)`),
}));

/** Screens a dare's title and description together (a danger may span both). */
export function screenDare(...texts: Array<string | null | undefined>): ScreeningVerdict {
  const text = normaliseDareText(texts.filter(Boolean).join(' \n '));
  let review: ScreeningVerdict | null = null;
  for (const entry of compiled) {
    const match = entry.regex.exec(text);
    if (!match) continue;
    const found = { category: entry.category, matched: match[0].trim() };
    if (entry.level === 'clear') return { verdict: 'refuse', ...found };
    review ??= { verdict: 'review', ...found };
  }
  return review ?? { verdict: 'pass' };
}
