import { z } from 'zod';

/** Every error the API returns has this shape (DESIGN.md section 3). */
export const apiErrorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** Timestamps travel as ISO strings. */
export const isoDate = z.string();
