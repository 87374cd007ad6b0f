import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { dares } from '../../db/schema';
import { notFound } from '../../lib/errors';

/** Staff picks for the trending "featured" list; set by an operator, never by the API. */
export async function setFeatured(ctx: AppContext, dareId: number, featured: boolean) {
  const [row] = await ctx.db
    .update(dares)
    .set({ featuredAt: featured ? new Date() : null })
    .where(eq(dares.id, dareId))
    .returning({ id: dares.id, title: dares.title });
  if (!row) throw notFound(`Dare ${dareId} not found`);
  return row;
}
