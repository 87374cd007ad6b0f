import { z } from 'zod';

/** Every error the API returns has this shape (DESIGN.md section 3). */
export const apiErrorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;

export const INVALID_ID = 'Invalid id: expected a positive whole number';
/** Ids are Postgres `integer`s: anything larger would make the query itself fail (a 500). */
export const MAX_ID = 2_147_483_647;

/** A record id in a JSON body. */
export const id = z
  .number({ error: INVALID_ID })
  .int({ error: INVALID_ID })
  .min(1, { error: INVALID_ID })
  .max(MAX_ID, { error: INVALID_ID });

/** A record id taken from a URL path or query: `/api/dares/abc` is answered in words, not zod's. */
export const pathId = z.coerce
  .number({ error: INVALID_ID })
  .int({ error: INVALID_ID })
  .min(1, { error: INVALID_ID })
  .max(MAX_ID, { error: INVALID_ID });

export const idParamSchema = z.object({ id: pathId });

/**
 * NUL cannot be stored in Postgres text, and a lone UTF-16 surrogate has no UTF-8 form:
 * either would fail (or silently change) at the database, so they are refused at the door.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when Postgres can store `value` as it is. */
export const isStorableText = (value: string) =>
  !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/**
 * Every string a request carries (body, query, path) is one of these. `field` names it in
 * the message: "Display name contains characters that are not allowed".
 */
export const text = (field: string, error?: string) =>
  z
    .string(error ? { error } : undefined)
    .refine(isStorableText, `${field} contains characters that are not allowed`);

/** Timestamps travel as ISO strings. */
export const isoDate = z.string();
