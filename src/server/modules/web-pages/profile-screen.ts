import { z } from 'zod';
import { userStatsSchema } from '@/contracts/achievements';
import { dareListQuerySchema, darePageSchema } from '@/contracts/dares';
import { waitingPayoutsSchema } from '@/contracts/funding';
import type { ProfileScreenData } from '@/contracts/initial-data';
import type { AppContext } from '../../context';
import { userStats } from '../achievements/service';
import { userDaresPage } from '../dares/feed-queries';
import { toPage } from '../dares/service';
import { waitingPayouts } from '../funding/waiting-payouts';

/** GET /api/dares/user/{id} with the route's defaults: the profile's first page. */
const FIRST_PAGE_QUERY = dareListQuerySchema.omit({ tab: true }).parse({});

/**
 * What the signed-in viewer's own profile fetches as it opens: the Dares tab's first page,
 * the points and the payouts waiting for an account. With them in the page the profile's
 * first render is its finished first screen, not a skeleton that a burst of answers then
 * re-renders one by one (issue 14: most of /profile's blocking time was those renders).
 * Encoded through the routes' own zod schemas.
 */
export async function profileScreenFor(
  ctx: AppContext,
  userId: number,
): Promise<ProfileScreenData> {
  const [page, stats, waiting] = await Promise.all([
    // The own list shows the owner's R-rated dares whatever the setting (isListedSql).
    userDaresPage(ctx, { ...FIRST_PAGE_QUERY, userId, viewerId: userId, mature: false }).then(
      (rows) => toPage(ctx, rows, userId),
    ),
    userStats(ctx, userId),
    waitingPayouts(ctx, userId),
  ]);
  return {
    dares: z.encode(darePageSchema, page),
    stats: z.encode(userStatsSchema, stats),
    waitingPayouts: z.encode(waitingPayoutsSchema, waiting),
  };
}
