import { describe, expect, it } from 'vitest';
import { DANGEROUS_DARE_PATTERNS } from '@/domain/dangerous-dare-patterns';
import { normaliseDareText, screenDare } from '@/domain/dare-screening';

/**
 * Issue 21 item 6: the danger list checked in both directions. `pass` dares must never be
 * refused or held (a false alarm stops an honest dare); `refuse` ones must never pass.
 */
const TABLE: Array<[string, 'pass' | 'review' | 'refuse']> = [
  // Ordinary dares, some with words that sound risky.
  ['Eat a ghost pepper', 'pass'],
  ['Run a marathon', 'pass'],
  ['Shave my head', 'pass'],
  ['Ice Bucket Challenge', 'pass'],
  ['Hot Sauce Tasting', 'pass'],
  ['100 Push-ups', 'pass'],
  ['Charity 10K Run', 'pass'],
  ['Backflip Attempt on the trampoline', 'pass'],
  ['Cold Shower Week', 'pass'],
  ['Sing the anthem at the bus stop', 'pass'],
  ['Juggle three oranges at the market', 'pass'],
  ['Eat a whole lemon without making a face', 'pass'],
  ['Dye my hair bright blue', 'pass'],
  ['Take a photo with a firefighter', 'pass'],
  ['Begun a new hobby: knit a scarf', 'pass'],
  ['Hit the gym every day for a month', 'pass'],
  ['Bake a cake shaped like a car', 'pass'],
  ['Climb the climbing wall at the gym', 'pass'],
  ['Drive across the country in a week', 'pass'],
  ['Dance in the rain for 10 minutes', 'pass'],
  ['Pillow fight with my roommates', 'pass'],
  // Likely: a moderator decides.
  ['Sing a song on the rooftop terrace', 'review'],
  ['Vodka tasting night', 'review'],
  ['Walk the train tracks trail museum', 'review'],
  ['Bring a knife to cook dinner outdoors', 'review'],
  ['Explore an abandoned mall', 'review'],
  // Clear: refused.
  ['Jump off the roof', 'refuse'],
  ['Drive blindfolded', 'refuse'],
  ['Eat a tide pod', 'refuse'],
  ['Eat a Tide Pod!!!', 'refuse'],
  ['jump-off the r00f', 'refuse'],
  ['Set yourself on fire', 'refuse'],
  ['The fire challenge', 'refuse'],
  ['Russian roulette with friends', 'refuse'],
  ['Do the blackout challenge', 'refuse'],
  ['Hold your breath until you pass out', 'refuse'],
  ['Choke yourself on camera', 'refuse'],
  ['Drink a whole bottle of vodka', 'refuse'],
  ['Chug a bottle of tequila in one go', 'refuse'],
  ['Take 10 shots in a minute', 'refuse'],
  ['Benadryl challenge', 'refuse'],
  ['Snort cocaine live', 'refuse'],
  ['Take 20 pills at once', 'refuse'],
  ['Run a red light on purpose', 'refuse'],
  ['Car surfing on the freeway', 'refuse'],
  ['Lie down on the train tracks', 'refuse'],
  ['Play chicken with a train', 'refuse'],
  ['Backflip off a balcony', 'refuse'],
  ['Climb a crane at night', 'refuse'],
  ['Hang from a bridge for a minute', 'refuse'],
  ['Walk along the ledge of the building', 'refuse'],
  ['Swallow a spoonful of cinnamon', 'refuse'],
  ['Drink bleach', 'refuse'],
  ['Break into the school at night', 'refuse'],
  ['Sneak into an abandoned hospital', 'refuse'],
  ['Punch a stranger', 'refuse'],
  ['Kick a dog', 'refuse'],
  ['Throw the cat in the pool', 'refuse'],
  ['Pepper spray a stranger', 'refuse'],
  ['Play the knockout game', 'refuse'],
];

describe('screening a new dare', () => {
  it(`holds at least 40 phrases, every kind, both directions`, () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
    expect(TABLE.filter(([, v]) => v === 'pass').length).toBeGreaterThanOrEqual(15);
    expect(TABLE.filter(([, v]) => v === 'refuse').length).toBeGreaterThanOrEqual(25);
  });

  it.each(TABLE)('%s → %s', (phrase, expected) => {
    expect(screenDare(phrase).verdict).toBe(expected);
  });

  it('reads the title and the description together', () => {
    expect(screenDare('Rooftop', 'jump off the roof at noon').verdict).toBe('refuse');
    expect(screenDare('A quiet one', null).verdict).toBe('pass');
  });

  it('names the category and the words it matched', () => {
    expect(screenDare('Please eat a tide pod')).toEqual({
      verdict: 'refuse',
      category: 'eating non-food',
      matched: 'eat a tide pod',
    });
  });

  it('normalises case, accents, punctuation and digits standing for letters', () => {
    expect(normaliseDareText('  Jump—OFF   the RÓÓF!! ')).toBe('jump off the roof');
    expect(normaliseDareText('p1lls & r00fs, 10K')).toBe('pills roofs 10k');
  });

  it('every pattern of the list is a valid expression that matches its own words', () => {
    for (const entry of DANGEROUS_DARE_PATTERNS) {
      expect(() => new RegExp(entry.pattern)).not.toThrow();
    }
    const categories = new Set(DANGEROUS_DARE_PATTERNS.map((entry) => entry.category));
    expect(categories.size).toBe(8);
  });
});
