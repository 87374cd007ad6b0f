import fc from 'fast-check';
import { safeParse, type z } from 'zod';

/**
 * Requests derived from a route's zod schemas, for the fuzz test: a plausible value for
 * every field, and the same with one field swapped for something hostile.
 */
type Schema = z.core.$ZodType;
type Path = Array<string | number>;
/** Returns the value for a leaf, or undefined to keep the plausible one. */
type LeafOverride = (path: Path, leaf: Schema) => unknown;

const kindOf = (schema: Schema) => schema._zod.def.type;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Strings Postgres cannot store or that are far too long, and cursors that are not ours. */
export const HOSTILE_STRINGS = [
  '\u0000',
  'abc\u0000def',
  '\ud800',
  'x'.repeat(5000),
  Buffer.from('[0,"2020-01-01T00:00:00Z",2147483648]').toString('base64url'),
  Buffer.from('[1e400,"1",1]').toString('base64url'),
  Buffer.from('[0,"+275760-09-13T00:00:00.000Z",1]').toString('base64url'),
  Buffer.from('[0,"2020-02-31T00:00:00Z",1]').toString('base64url'),
  '%E0%A4%A',
];
/** Ids and amounts outside Postgres' integer range, negative, fractional. */
export const HOSTILE_NUMBERS = [2 ** 31, 2 ** 53, -1, 0, 1.5, 1e308];
/** Values of the wrong JSON type. */
export const WRONG_TYPES = [null, {}, [], true, 'abc'];

let unique = 0;
/** Candidates for a plausible string; the first one the field accepts is used. */
const STRING_CANDIDATES = () => [
  `fuzz${++unique}@example.com`,
  new Date(Date.now() + 7 * DAY_MS).toISOString(),
  `fuzz_text_${unique}`,
  'fuzz text that is long enough for a description',
  '123456789',
  '2000-01-01',
  'http://localhost:3000/profile',
];

/** A plausible value: one the field accepts when a simple one does, so deeper code runs. */
function plausibleLeaf(schema: Schema): unknown {
  const leaf = schema as unknown as Record<string, unknown>;
  if (kindOf(schema) === 'string') {
    const candidates = STRING_CANDIDATES();
    return candidates.find((value) => safeParse(schema, value).success) ?? candidates[2];
  }
  const min = typeof leaf.minValue === 'number' ? leaf.minValue : 1;
  return Math.max(1, Math.ceil(min));
}

/** A value for the schema; `override` picks leaves (strings and numbers) to replace. */
export function fill(
  schema: Schema,
  override: LeafOverride = () => undefined,
  path: Path = [],
): unknown {
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const inner = (key: string) => fill(def[key] as Schema, override, path);
  switch (kindOf(schema)) {
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      return Object.fromEntries(
        Object.entries(shape).map(([key, child]) => [key, fill(child, override, [...path, key])]),
      );
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return inner('innerType');
    case 'pipe':
      return inner('in');
    case 'lazy':
      return fill((def.getter as () => Schema)(), override, path);
    case 'array':
      return [fill(def.element as Schema, override, [...path, 0])];
    case 'union':
      return fill((def.options as Schema[])[0]!, override, path);
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
    case 'number': {
      const replaced = override(path, schema);
      return replaced === undefined ? plausibleLeaf(schema) : replaced;
    }
    default:
      return undefined;
  }
}

/** Every leaf path with its schema, so each can be made hostile in turn. */
export function leaves(schema: Schema): Array<{ path: Path; leaf: Schema }> {
  const found: Array<{ path: Path; leaf: Schema }> = [];
  fill(schema, (path, leaf) => {
    found.push({ path, leaf });
    return undefined;
  });
  return found;
}

const samePath = (a: Path, b: Path) => a.length === b.length && a.every((part, i) => part === b[i]);

/** Hostile values for one leaf: wrong types always, plus strings or numbers by kind. */
export function hostileFor(leaf: Schema): unknown[] {
  return [...(kindOf(leaf) === 'string' ? HOSTILE_STRINGS : HOSTILE_NUMBERS), ...WRONG_TYPES];
}

/** The plausible value with the leaf at `target` replaced by `value`. */
export function withLeaf(schema: Schema, target: Path, value: unknown): unknown {
  return fill(schema, (path) => (samePath(path, target) ? value : undefined));
}

/** fast-check: values where every leaf is plausible, hostile, of the wrong type or random. */
export function arbitraryFor(schema: Schema): fc.Arbitrary<unknown> {
  const picks = leaves(schema).map(({ path, leaf }) =>
    fc
      .oneof(
        fc.constant(undefined),
        fc.constantFrom(...hostileFor(leaf)),
        kindOf(leaf) === 'string' ? fc.string({ unit: 'binary', maxLength: 40 }) : fc.integer(),
        fc.double(),
      )
      .map((value) => ({ path, value })),
  );
  return fc
    .tuple(...picks)
    .map((chosen) =>
      fill(schema, (path) => chosen.find((pick) => samePath(pick.path, path))?.value),
    );
}
