import { z } from 'zod';
import { achievementListSchema, userStatsSchema } from '@/contracts/achievements';
import { conversationListSchema } from '@/contracts/conversations';
import { type DareRequestType, dareRequestListSchema } from '@/contracts/dare-requests';
import { dareListQuerySchema, darePageSchema } from '@/contracts/dares';
import type { InitialData } from '@/contracts/initial-data';
import { SEARCH_PAGE_DEFAULT } from '@/contracts/limits';
import {
  searchDaresPageSchema,
  searchPeoplePageSchema,
  searchQuerySchema,
} from '@/contracts/search';
import { userProfileSchema } from '@/contracts/user';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import type { SignedIn } from '../../plugins/authentication';
import { achievementsWithProgress, userStats } from '../achievements/service';
import { listConversations } from '../conversations/service';
import { listDareRequests } from '../dare-requests/service';
import { publicPage, userDaresPage } from '../dares/feed-queries';
import { toPage } from '../dares/service';
import { audienceOf } from '../moderation/visibility-sql';
import { search } from '../search/service';
import { getProfile } from '../users/service';

/**
 * The first screens of issue 23 item 5: what /discover (and its search), /users/{id},
 * /achievements, /inbox and /dare-requests fetch as they open, read here through the same
 * service calls and zod schemas as their API routes, as this viewer would get them. The
 * signed-in ones carry the viewer's private data: spa.ts sends those pages `private,
 * no-cache` and `Vary: Cookie`, so no shared cache keeps one viewer's copy for another.
 */
export type ScreenData = Partial<
  Pick<
    InitialData,
    'publicDares' | 'search' | 'userProfile' | 'achievements' | 'conversations' | 'dareRequests'
  >
>;

/** The page the first screen of a list route asks for: the route's defaults. */
const FIRST_PAGE_QUERY = dareListQuerySchema.omit({ tab: true }).parse({});
const USER_PATH = /^\/users\/(\d{1,9})$/;

/** A refused or missing answer (404, 400, a search over its rate): the screen asks the API. */
async function unlessRefused<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return undefined;
    throw error;
  }
}

async function discoverScreen(
  ctx: AppContext,
  query: URLSearchParams,
  viewer: SignedIn | null,
  ip: string,
): Promise<ScreenData> {
  const audience = audienceOf(viewer);
  const q = searchQuerySchema.shape.q.safeParse(query.get('q') ?? '');
  if (q.success) {
    // The search box's own query (use-discover-search.ts): both sections, first page each.
    // Each counts against the searcher's budget, as the two API calls would.
    const searcher = { userId: viewer?.user.id, ip };
    const section = (type: 'people' | 'dares') =>
      unlessRefused(
        search(ctx, { q: q.data, type, limit: SEARCH_PAGE_DEFAULT }, searcher, audience),
      );
    const [people, dares] = await Promise.all([section('people'), section('dares')]);
    if (people?.type !== 'people' || dares?.type !== 'dares') return {};
    return {
      search: {
        q: q.data,
        people: z.encode(searchPeoplePageSchema, people),
        dares: z.encode(searchDaresPageSchema, dares),
      },
    };
  }
  const page = await publicPage(ctx, { ...FIRST_PAGE_QUERY, ...audience });
  return {
    publicDares: z.encode(darePageSchema, await toPage(ctx, page, audience.viewerId)),
  };
}

async function userScreen(
  ctx: AppContext,
  userId: number,
  viewer: SignedIn | null,
): Promise<ScreenData> {
  // The viewer's own id redirects to /profile (user-profile-page.tsx): nothing to show here.
  if (viewer?.user.id === userId) return {};
  const audience = audienceOf(viewer);
  const profile = await unlessRefused(getProfile(ctx, userId, audience.viewerId));
  if (!profile) return {};
  const page = await userDaresPage(ctx, { ...FIRST_PAGE_QUERY, userId, ...audience });
  return {
    userProfile: {
      profile: z.encode(userProfileSchema, profile),
      dares: z.encode(darePageSchema, await toPage(ctx, page, audience.viewerId)),
    },
  };
}

async function achievementsScreen(ctx: AppContext, viewer: SignedIn | null): Promise<ScreenData> {
  const userId = viewer?.user.id ?? null;
  const [list, stats] = await Promise.all([
    achievementsWithProgress(ctx, userId),
    userId === null ? null : userStats(ctx, userId),
  ]);
  return {
    achievements: {
      list: z.encode(achievementListSchema, list),
      stats: stats && z.encode(userStatsSchema, stats),
    },
  };
}

/** The paths with a first screen here, and what each reads. Others get nothing. */
export async function screenDataFor(
  ctx: AppContext,
  url: string,
  viewer: SignedIn | null,
  ip: string,
): Promise<ScreenData> {
  const [path = '/', queryString = ''] = url.split('?');
  const query = new URLSearchParams(queryString);
  if (path === '/discover') return discoverScreen(ctx, query, viewer, ip);
  if (path === '/achievements') return achievementsScreen(ctx, viewer);
  const userId = Number(USER_PATH.exec(path)?.[1] ?? 0);
  if (userId) return userScreen(ctx, userId, viewer);
  // Private screens: only ever for the signed-in viewer, about the viewer.
  if (!viewer) return {};
  if (path === '/inbox') {
    const list = await listConversations(ctx.db, viewer.user.id);
    return { conversations: z.encode(conversationListSchema, list) };
  }
  if (path === '/dare-requests') {
    // The tab the page opens on (dare-requests-page.tsx): ?tab=sent, else Received.
    const type: DareRequestType = query.get('tab') === 'sent' ? 'sent' : 'received';
    const items = await listDareRequests(ctx, viewer.user, type);
    return { dareRequests: { type, items: z.encode(dareRequestListSchema, items) } };
  }
  return {};
}
