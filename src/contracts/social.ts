import { z } from 'zod';
import { id, pathId, text } from './common';
import { dareUserSchema } from './dares';

export const COMMENT_MAX = 500;
/** Top-level comments per page of GET /api/dares/{id}/comments (replies come with their thread). */
export const COMMENT_PAGE_DEFAULT = 50;
export const COMMENT_PAGE_MAX = 100;

export const COMMENT_MESSAGES = {
  empty: 'Comment cannot be empty',
  tooLong: `Comment cannot exceed ${COMMENT_MAX} characters`,
  parentNotFound: 'The comment you are replying to no longer exists',
  parentOtherDare: 'You can only reply to a comment on the same dare',
  notFound: 'Comment not found',
  notAuthor: 'You can only delete your own comments',
} as const;

/** POST /api/dares/{id}/comments */
export const createCommentSchema = z.object({
  // A missing or non-string content reads as an empty comment to the person typing it.
  content: text('Comment', COMMENT_MESSAGES.empty)
    .trim()
    .min(1, COMMENT_MESSAGES.empty)
    .max(COMMENT_MAX, COMMENT_MESSAGES.tooLong),
  /** Replying to this comment (replies are one level deep: a reply to a reply joins its thread). */
  parentId: id.nullable().optional(),
});
export type CreateCommentInput = z.input<typeof createCommentSchema>;

/**
 * GET /api/dares/{id}/comments: newest top-level comments first. A page shorter than
 * `limit` is the last one; otherwise ask again with `before` = the last comment's id.
 */
export const commentListQuerySchema = z.object({
  before: pathId.optional(),
  limit: z.coerce.number().int().min(1).max(COMMENT_PAGE_MAX).default(COMMENT_PAGE_DEFAULT),
});
export type CommentListQuery = z.input<typeof commentListQuerySchema>;

export type CommentView = {
  id: number;
  dareId: number;
  /** The top-level comment this replies to; null for a top-level comment. */
  parentId: number | null;
  content: string;
  createdAt: string;
  user: z.infer<typeof dareUserSchema>;
  likeCount: number;
  /** Whether the viewer likes it (false for anonymous viewers). */
  isLiked: boolean;
  /** Replies, oldest first; always empty on a reply. */
  replies: CommentView[];
};

export const commentViewSchema: z.ZodType<CommentView> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    dareId: z.number().int(),
    parentId: z.number().int().nullable(),
    content: z.string(),
    createdAt: z.string(),
    user: dareUserSchema,
    likeCount: z.number().int(),
    isLiked: z.boolean(),
    replies: z.array(commentViewSchema),
  }),
);
export const commentListSchema = z.array(commentViewSchema);

/** POST|DELETE /api/dares/{id}/likes and /api/comments/{id}/likes */
export const likeStateSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;
/** POST|DELETE /api/dares/{id}/saves */
export const saveStateSchema = z.object({ saved: z.boolean() });
export type SaveState = z.infer<typeof saveStateSchema>;
