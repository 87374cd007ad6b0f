import { z } from 'zod';

/** Every error the API returns has this shape (DESIGN.md section 3). */
export const apiErrorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;

const INVALID_ID = 'Invalid id: expected a positive whole number';

/** A record id taken from a URL path: `/api/dares/abc` is answered in words, not zod's. */
export const pathId = z.coerce
  .number({ error: INVALID_ID })
  .int({ error: INVALID_ID })
  .positive({ error: INVALID_ID });

export const idParamSchema = z.object({ id: pathId });

/** Timestamps travel as ISO strings. */
export const isoDate = z.string();
