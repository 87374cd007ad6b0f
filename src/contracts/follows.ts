import { z } from 'zod';
import { id, pathId } from './common';
import { FOLLOW_PAGE_DEFAULT, FOLLOW_PAGE_MAX } from './limits';
import { publicUserSchema } from './user';

export const FOLLOW_MESSAGES = {
  self: 'You cannot follow yourself',
  userNotFound: 'User not found',
} as const;

/** POST /api/follows (spec section 7). */
export const followBodySchema = z.object({ followedId: id });
export type FollowBody = z.infer<typeof followBodySchema>;

export const followUserParamsSchema = z.object({ userId: pathId });

/**
 * Both follow calls answer where the pair now stands and the followed user's counts, so a
 * screen can settle its optimistic toggle on the true numbers.
 */
export const followStateSchema = z.object({
  followedId: z.number().int(),
  isFollowing: z.boolean(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
});
export type FollowState = z.infer<typeof followStateSchema>;

/** GET /api/users/{id}/followers|following: newest follow first; `cursor` is the previous page's nextCursor. */
export const followListQuerySchema = z.object({
  cursor: pathId.optional(),
  limit: z.coerce.number().int().min(1).max(FOLLOW_PAGE_MAX).default(FOLLOW_PAGE_DEFAULT),
});

export const followListItemSchema = publicUserSchema.extend({
  /** Whether the viewer follows this person (false when signed out). */
  isFollowing: z.boolean(),
});
export type FollowListItem = z.infer<typeof followListItemSchema>;

export const followPageSchema = z.object({
  items: z.array(followListItemSchema),
  nextCursor: z.string().nullable(),
});
export type FollowPage = z.infer<typeof followPageSchema>;
