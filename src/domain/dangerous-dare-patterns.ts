/**
 * THE maintained list of dangerous-challenge patterns (DESIGN.md section 10, issue 21 item 6):
 * the only place to add, narrow or drop one. Patterns run on normalised text (lower case,
 * letters and digits, single spaces: dare-screening.ts), so they are written without
 * punctuation and match whole words.
 *
 * `clear`: the dare is refused with the spec's warning. Written narrowly, as an action on a
 * dangerous object ('jump off the roof'), so ordinary dares with the same words pass ('sing on
 * the roof terrace' is not an action on the roof's edge).
 * `likely`: a word that often comes with danger but also with harmless dares ('rooftop',
 * 'vodka'): such a dare waits 'Under review' for a moderator instead of being refused.
 */
export type DangerCategory =
  | 'weapons and fire'
  | 'self-harm and choking'
  | 'drugs and alcohol'
  | 'driving and traffic'
  | 'heights'
  | 'eating non-food'
  | 'trespass'
  | 'hurting animals or people';

export type DangerPattern = {
  category: DangerCategory;
  level: 'clear' | 'likely';
  pattern: string;
};

const SELF = '(yourself|myself|himself|herself|themselves|ourselves|someone|somebody|me|you)';
const A = '(a |an |the |my |your |some |this |that )?';
const ALCOHOL =
  '(vodka|whiskey|whisky|tequila|rum|gin|liquor|alcohol|everclear|moonshine|wine|beer)';
const HIGH_PLACE =
  '(roof|rooftop|bridge|balcony|cliff|building|crane|tower|overpass|parking garage)';
const VEHICLE = '(car|train|bus|truck|tram|moving vehicle|vehicle)';
const ANIMAL = '(cat|dog|kitten|puppy|animal|bird|pet|horse|hamster|rabbit|fish)';
/** Used after A (an optional article), so 'punch a stranger' and 'punch strangers' both match. */
const PERSON =
  '(stranger|strangers|someone|somebody|random person|random people|homeless person|homeless people|teacher|cop|kid|child|people|passerby|passersby)';

const clear = (category: DangerCategory, ...patterns: string[]): DangerPattern[] =>
  patterns.map((pattern) => ({ category, level: 'clear', pattern }));
const likely = (category: DangerCategory, ...patterns: string[]): DangerPattern[] =>
  patterns.map((pattern) => ({ category, level: 'likely', pattern }));

export const DANGEROUS_DARE_PATTERNS: DangerPattern[] = [
  ...clear(
    'weapons and fire',
    `set ${SELF} on fire`,
    `set ${A}(hair|clothes|body) on fire`,
    `(light|lit) ${SELF} on fire`,
    'fire challenge',
    `(pour|spray) (gasoline|petrol|lighter fluid) on ${SELF}`,
    `(burn|brand) ${SELF}`,
    'russian roulette',
    `(shoot|stab) ${A}${SELF}`,
    `(shoot|stab) ${A}${PERSON}`,
    `(point|fire|wave) ${A}(loaded )?(gun|pistol|rifle|firearm) at`,
    'knife (challenge|game|fight)',
    'molotov',
    `(throw|set off|light) ${A}(firework|fireworks|firecracker|explosive|explosives) at`,
    `(hold|holding) ${A}(lit )?(firework|firecracker|explosive) in ${A}hand`,
  ),
  ...likely(
    'weapons and fire',
    'gun',
    'guns',
    'knife',
    'knives',
    'gasoline',
    'petrol',
    'fireworks',
    'explosive',
  ),
  ...clear(
    'self-harm and choking',
    `(choke|strangle|suffocate) ${SELF}`,
    '(choking|blackout|pass out|passout|fainting|skull breaker|skullbreaker) (challenge|game)',
    'fainting game',
    `hold ${A}breath until ${SELF} (pass out|faint|black out)`,
    `(cut|hurt|harm|kill|hang|starve) ${SELF}`,
    'self harm',
    'suicide',
    `(tie|put) ${A}(rope|belt|plastic bag|bag) (around|over) ${A}(neck|head)`,
  ),
  ...likely('self-harm and choking', 'choke', 'choking', 'pass out', 'faint', 'blackout'),
  ...clear(
    'drugs and alcohol',
    '(snort|inject|smoke|take|do) (crack|meth|heroin|cocaine|coke|fentanyl|ketamine|lsd|acid|mdma|molly|ecstasy|shrooms)',
    'overdose',
    '(benadryl|nyquil|diphenhydramine) challenge',
    '(take|swallow|eat) (\\d+|ten|twenty|a handful of|a bottle of|a whole bottle of) (pills|tablets|painkillers|sleeping pills)',
    `(drink|chug|down|finish) (a |an |the |one |two |three |\\d+ )?(whole |entire |full )?(bottle|bottles|fifth|handle|liter|liters|litre|litres|pint|pints|gallon) of ${ALCOHOL}`,
    '(drink|chug|take|down) (\\d+|five|six|seven|eight|nine|ten|twenty) shots',
    `${ALCOHOL} (enema|eyeball|in ${A}eyes)`,
  ),
  ...likely(
    'drugs and alcohol',
    '(vodka|whiskey|whisky|tequila|liquor|everclear|moonshine)',
    'shots of',
    'drunk',
    'weed',
    'edibles',
    'pills',
  ),
  ...clear(
    'driving and traffic',
    `drive (blindfolded|with ${A}eyes (closed|shut)|drunk|high|without looking|with no hands)`,
    'drunk driving',
    `run (a |the )?red lights?`,
    `(car|bus|train|truck) surf(ing)?`,
    `(ghost|ghostride) rid(e|ing)`,
    `jump (in front of|out of|off|from) ${A}(moving )?${VEHICLE}`,
    `(lie|lay|sit|stand) (down )?(on|across|in) ${A}(road|highway|motorway|freeway|train tracks|railway|rail tracks|tracks|traffic)`,
    `play(ing)? chicken with ${A}(car|cars|train|trains|traffic|truck)`,
    `(cross|run across) ${A}(highway|motorway|freeway) (blindfolded|with ${A}eyes closed)`,
    `(hang|hanging|hold on) (on|onto|off) ${A}(back of )?${A}moving ${VEHICLE}`,
  ),
  ...likely('driving and traffic', 'blindfolded', 'highway', 'train tracks', 'speeding'),
  ...clear(
    'heights',
    `(jump|leap|dive|backflip|flip) (off|from) ${A}${HIGH_PLACE}`,
    `${HIGH_PLACE} (jump|jumping|hop|hopping|topping)`,
    'rooftopping',
    `climb ${A}(crane|tower|skyscraper|pylon|electricity pylon|radio mast|water tower|bridge)`,
    `(hang|dangle|dangling|hanging) (off|from) ${A}(roof|balcony|bridge|ledge|window|crane)`,
    `(walk|balance|stand) (on|along) ${A}(ledge|railing|roof edge|edge of ${A}(roof|cliff|building))`,
  ),
  ...likely('heights', 'roof', 'rooftop', 'ledge', 'cliff'),
  ...clear(
    'eating non-food',
    `(eat|bite|chew|swallow|drink) ${A}(tide pods?|tidepods?|detergent|laundry pods?|dishwasher pods?|bleach|soap|glass|batteries|battery|magnets?|hand sanitizer|nail polish|paint|lighter fluid|gasoline|petrol|silica gel|cleaning products?)`,
    '(tide pod|cinnamon|chubby bunny|salt and ice|ice and salt) challenge',
    `(swallow|eat) ${A}(spoonful of )?(dry )?cinnamon`,
  ),
  ...likely('eating non-food', 'tide pod', 'detergent', 'bleach', 'cinnamon'),
  ...clear(
    'trespass',
    'break into',
    'breaking into',
    'trespass',
    'trespassing',
    `sneak into ${A}(closed|abandoned|private|locked|restricted)`,
    `(climb|jump|hop) ${A}fence (into|of) ${A}(private|restricted|military|airport|zoo|factory|construction site|rail yard)`,
  ),
  ...likely('trespass', 'abandoned', 'sneak into', 'restricted area', 'no trespassing'),
  ...clear(
    'hurting animals or people',
    `(punch|hit|kick|slap|attack|beat up|assault|trip|push|shove|spit on) ${A}${PERSON}`,
    `(hurt|kick|torture|kill|throw|drown|punch|hit|burn|starve|poison) ${A}${ANIMAL}`,
    'knockout game',
    `(pepper spray|taser|tase|mace) ${A}${PERSON}`,
    `(pull|yank) ${A}chair (out )?from under`,
    'fight club',
    `start ${A}fight with`,
  ),
  ...likely(
    'hurting animals or people',
    '(fist|street|real) fight',
    'punch',
    'prank a stranger',
    'pepper spray',
  ),
];
