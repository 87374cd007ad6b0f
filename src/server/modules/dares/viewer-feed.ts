import type { DareView, FeedTab } from '@/contracts/dares';
import type { AppContext } from '../../context';
import { decodeCursor, type FeedCursor } from './cursor';
import { toDareViews } from './dare-views';
import { sharedFeedPage } from './feed-page-cache';
import { findDareRows } from './feed-queries';
import { type PledgedFeedDare, type ViewerFeedState, viewerFeedState } from './viewer-feed-state';

/**
 * Shared pages read for one signed-in page before it is left to the query: only a viewer who
 * pledged to nearly every dare of several pages in a row (or of many one-dare pages) gets
 * that far. Each page read is a cache lookup once warm, a query when not.
 */
const SHARED_PAGES_MAX = 8;
/**
 * Smaller pages are built from shared pages of this size (the feed's default), so a viewer
 * who pledged to a run of dares does not cost a page read per dare.
 */
const SHARED_PAGE_MIN = 10;

type Picked = { view: DareView; cursor: string };

/**
 * A signed-in viewer's feed page (GET /api/dares) as JSON text, built without a query in the
 * usual case (decision 0028): rank 1 is the viewer's pledged dares in feed order, their
 * views shared by id; rank 0 is the shared anonymous pages minus those dares; the viewer's
 * flags are laid over both, and the dares of people in a block with the viewer are left out
 * (issue 21; more shared pages are read to fill the page). The shared pages are the
 * variant of the viewer's 'Show R-rated dares'. The result is the page the query (feedPage
 * with the viewer) would return, which tests/integration/viewer-feed.test.ts checks walk by walk.
 *
 * Undefined when the page must come from the query: My Votes (only the viewer's dares), a
 * viewer whose state is not held (viewer-feed-state.ts), or a dare gone between two reads.
 * A forged cursor is refused with the query path's 400.
 */
export async function composedViewerFeedPage(
  ctx: AppContext,
  params: { viewerId: number; mature: boolean; tab?: FeedTab; limit: number; cursor?: string },
): Promise<string | undefined> {
  if (params.tab === 'votes') return undefined;
  const after = decodeCursor(params.cursor);
  const { mature } = params;
  const state = await viewerFeedState(ctx, params.viewerId, mature);
  if (!state) return undefined;

  // One past the page, to know whether a next page exists.
  const want = params.limit + 1;
  const picked: Picked[] = [];
  if (!after || after.rank === 1) {
    const rankOne = await pledgedSegment(ctx, state, params.tab, after, want);
    if (!rankOne) return undefined;
    picked.push(...rankOne);
  }
  let cursor = after?.rank === 0 ? params.cursor : undefined;
  const limit = Math.max(params.limit, SHARED_PAGE_MIN);
  for (let read = 0; picked.length < want; read++) {
    if (read === SHARED_PAGES_MAX) return undefined;
    const page = await sharedFeedPage(ctx, { tab: params.tab, limit, cursor, mature });
    page.items.forEach((view, i) => {
      if (
        picked.length < want &&
        !state.pledged.has(view.id) &&
        !state.blocked.has(view.creatorId)
      ) {
        picked.push({ view, cursor: page.cursors[i]! });
      }
    });
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }

  const items = picked.slice(0, params.limit);
  const nextCursor = picked.length > params.limit ? items.at(-1)!.cursor : null;
  const views = items.map(({ view }) => viewJsonWithFlags(view, state));
  return `{"items":[${views.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`;
}

/** Up to `want` of the viewer's pledged dares after the cursor, with their shared views. */
async function pledgedSegment(
  ctx: AppContext,
  state: NonNullable<ViewerFeedState>,
  tab: FeedTab | undefined,
  after: FeedCursor | undefined,
  want: number,
): Promise<Picked[] | undefined> {
  const inTab = state.pledgedInFeed.filter((dare) => !tab || dare.tab === tab);
  const start = after ? inTab.findIndex(isAfter(microsecondText(after.createdAt), after.id)) : 0;
  const dares = start < 0 ? [] : inTab.slice(start, start + want);
  const views = await sharedDareViews(
    ctx,
    dares.map((dare) => dare.id),
  );
  const picked: Picked[] = [];
  for (const dare of dares) {
    const view = views.get(dare.id);
    if (!view) return undefined;
    picked.push({ view, cursor: dare.cursor });
  }
  return picked;
}

/**
 * Feed order is (createdAt desc, id desc): true when `dare` sorts after the cursor's key.
 * The state's timestamps have six fraction digits (feed-queries' createdAtText), so text
 * order is time order once the cursor's are padded the same way.
 */
function isAfter(cursorTime: string, cursorId: number) {
  return (dare: PledgedFeedDare) =>
    dare.createdAt < cursorTime || (dare.createdAt === cursorTime && dare.id < cursorId);
}

/** '2026-01-02T03:04:05.5Z' -> '2026-01-02T03:04:05.500000Z'. */
function microsecondText(timestamp: string): string {
  const [seconds, fraction = ''] = timestamp.slice(0, -1).split('.');
  return `${seconds}.${fraction.padEnd(6, '0')}Z`;
}

/** Views of single dares without viewer flags, shared by every viewer until a feed change. */
async function sharedDareViews(ctx: AppContext, ids: number[]): Promise<Map<number, DareView>> {
  const cache = ctx.caches.dareViews;
  const views = new Map<number, DareView>();
  const missing: number[] = [];
  for (const id of ids) {
    const view = cache.peek(String(id));
    if (view) views.set(id, view);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const generation = cache.currentGeneration;
    for (const view of await toDareViews(ctx, await findDareRows(ctx, missing), undefined)) {
      cache.setIfCurrent(String(view.id), view, generation);
      views.set(view.id, view);
    }
  }
  return views;
}

/**
 * A shared view's JSON without the viewer's flags, made once per view object: the shared
 * views are never changed (a change replaces them), so this is their JSON for as long as
 * they live. Serializing every view on every request was the largest cost of the page.
 */
const jsonWithoutFlags = new WeakMap<DareView, string>();

function viewJsonWithFlags(view: DareView, state: NonNullable<ViewerFeedState>): string {
  let rest = jsonWithoutFlags.get(view);
  if (rest === undefined) {
    const { hasUserPledged: _p, isLiked: _l, isSaved: _s, ...unflagged } = view;
    rest = JSON.stringify(unflagged).slice(1);
    jsonWithoutFlags.set(view, rest);
  }
  const id = view.id;
  return `{"hasUserPledged":${state.pledged.has(id)},"isLiked":${state.liked.has(id)},"isSaved":${state.saved.has(id)},${rest}`;
}
