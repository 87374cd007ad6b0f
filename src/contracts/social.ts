import { z } from 'zod';
import { dareUserSchema } from './dares';

export const COMMENT_MAX = 500;
export const COMMENT_MESSAGES = {
  empty: 'Comment cannot be empty',
  tooLong: `Comment cannot exceed ${COMMENT_MAX} characters`,
  parentNotFound: 'The comment you are replying to no longer exists',
} as const;

/** POST /api/dares/{id}/comments */
export const createCommentSchema = z.object({
  content: z
    .string()
    .trim()
    .min(1, COMMENT_MESSAGES.empty)
    .max(COMMENT_MAX, COMMENT_MESSAGES.tooLong),
  /** Replying to this comment (replies are one level deep: a reply to a reply joins its thread). */
  parentId: z.number().int().positive().nullable().optional(),
});
export type CreateCommentInput = z.input<typeof createCommentSchema>;

export type CommentView = {
  id: number;
  dareId: number;
  parentId: number | null;
  content: string;
  createdAt: string;
  user: z.infer<typeof dareUserSchema>;
  likeCount: number;
  isLiked: boolean;
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
/** POST|DELETE /api/dares/{id}/saves */
export const saveStateSchema = z.object({ saved: z.boolean() });
