import { z } from 'zod';
import { darePageSchema, dareViewSchema } from '@/contracts/dares';
import type { InitialData } from '@/contracts/initial-data';
import { currentUserSchema } from '@/contracts/user';
import { darePosterUrl, splashBackdropOf } from '@/domain/dare-poster';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import type { SignedIn } from '../../plugins/authentication';
import { anonymousFirstFeedPage } from '../dares/first-page';
import { getDare } from '../dares/service';
import { freshUserRow } from '../users/service';
import { toCurrentUser } from '../users/user-views';
import { profileScreenFor } from './profile-screen';
import { screenDataFor } from './screen-data';

const DARE_PATH = /^\/dares\/(\d{1,9})$/;

export interface FirstScreen {
  /** Encoded as the API encodes each answer (through the same zod schemas). */
  data: InitialData;
  /** The screen's largest image (the first dare's poster), to preload. */
  leadImage: string | null;
  /** `/` and /discover: the first slide's poster, painted behind the splash (page-html.ts). */
  splashBackdrop: string | null;
}

async function dareFor(ctx: AppContext, id: number, viewer: SignedIn | null) {
  try {
    return await getDare(ctx, id, viewer?.user);
  } catch (error) {
    // Missing, held for review (404) or removed (410): the page asks the API and says so.
    if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 410)) {
      return undefined;
    }
    throw error;
  }
}

/**
 * The answers the first screen of `path` would fetch right away, so it renders without an
 * API round trip: who is signed in everywhere, the feed's first page on `/` (anonymous only:
 * a signed-in viewer's page carries per-viewer flags and order), the dare on /dares/{id},
 * on /profile what the profile shows first (profile-screen.ts), and the other screens' first
 * answers (screen-data.ts). `url` is the path with its query (/discover?q=...); `ip` the
 * visitor's, for the search budget.
 */
export async function firstScreenFor(
  ctx: AppContext,
  url: string,
  viewer: SignedIn | null,
  ip: string,
): Promise<FirstScreen> {
  const path = url.split('?')[0] ?? '/';
  const dareId = Number(DARE_PATH.exec(path)?.[1] ?? 0);
  const ownProfile = path === '/profile' && viewer ? viewer.user.id : undefined;
  const [user, feed, dare, profile, screen] = await Promise.all([
    viewer
      ? freshUserRow(ctx, viewer.user.id).then((row) => toCurrentUser(ctx, row, viewer.session))
      : null,
    path === '/' && !viewer ? anonymousFirstFeedPage(ctx) : undefined,
    dareId ? dareFor(ctx, dareId, viewer) : undefined,
    ownProfile ? profileScreenFor(ctx, ownProfile) : undefined,
    screenDataFor(ctx, url, viewer, ip),
  ]);
  const data: InitialData = { user: user && z.encode(currentUserSchema, user), ...screen };
  if (feed) data.feed = z.encode(darePageSchema, feed);
  if (dare) data.dare = z.encode(dareViewSchema, dare);
  if (profile) data.profile = profile;
  const lead = data.feed?.items[0] ?? data.dare ?? data.publicDares?.items[0];
  // /dare-requests: the first card's cover, /users/{id}: the avatar; each its screen's
  // largest image (Lighthouse's LCP element). Only a served file (a path), never an inline
  // data: URL, is worth a preload link.
  const image = data.dareRequests?.items[0]?.coverImage ?? data.userProfile?.profile.profilePicture;
  const other = image?.startsWith('/') ? image : null;
  return {
    data,
    leadImage: lead ? darePosterUrl(lead) : other,
    splashBackdrop: splashBackdropOf(data),
  };
}
