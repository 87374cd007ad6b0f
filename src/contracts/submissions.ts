import { z } from 'zod';
import { id, pathId, text } from './common';
import { captionsUrlField } from './media';
import {
  SUBMISSION_MESSAGES,
  SUBMISSION_STATUSES,
  VOTE_MESSAGES,
  VOTE_REASON_MAX_LENGTH,
} from './submission-values';

/**
 * Proofs and votes (spec sections 2, 3, 5, 7, 8; DESIGN.md section 5). The texts are the
 * spec's where it has them.
 */
export {
  APPROVE_REASONS,
  REJECT_REASONS,
  SUBMISSION_MESSAGES,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
  VOTE_MESSAGES,
  VOTE_REASON_MAX_LENGTH,
} from './submission-values';

/** POST /api/submissions (spec section 7): the taker's proof of a dare. */
export const createSubmissionSchema = z.object({
  dareId: id,
  videoUrl: text('Video').min(1, SUBMISSION_MESSAGES.notOurVideo).max(2048),
  thumbnailUrl: text('Thumbnail').max(2048).nullish(),
  /** The proof's WebVTT captions: the taker's own upload (POST /api/captions/upload?purpose=proof). */
  captionsUrl: captionsUrlField,
});
export type CreateSubmissionInput = z.infer<typeof createSubmissionSchema>;

/** GET /api/submissions?dareId= */
export const submissionListQuerySchema = z.object({ dareId: pathId });

/**
 * A proof as the API returns it. While the vote is open everyone sees how many voted, not
 * the split (no herding): approvals and rejections are null until it is resolved.
 */
export const submissionViewSchema = z.object({
  id: z.number().int(),
  dareId: z.number().int(),
  userId: z.number().int(),
  videoUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  captionsUrl: z.string().nullable(),
  status: z.enum(SUBMISSION_STATUSES),
  createdAt: z.string(),
  votingEndsAt: z.string(),
  resolvedAt: z.string().nullable(),
  voteCount: z.number().int(),
  approvals: z.number().int().nullable(),
  rejections: z.number().int().nullable(),
  /** Distinct users with a live pledge on the dare (who may vote). */
  pledgerCount: z.number().int(),
  /** The viewer's own vote (true approve, false reject), or null. */
  myVote: z.boolean().nullable(),
  /** Whether the viewer may vote now: a pledger, not the taker, not voted, window open. */
  canVote: z.boolean(),
});
export type SubmissionView = z.infer<typeof submissionViewSchema>;
export const submissionListSchema = z.array(submissionViewSchema);

/** POST /api/votes (spec section 7, plus the reason a rejection needs). */
export const createVoteSchema = z
  .object({
    submissionId: id,
    vote: z.boolean(),
    reason: text('Reason').trim().max(VOTE_REASON_MAX_LENGTH).nullish(),
  })
  .refine((input) => input.vote || Boolean(input.reason), {
    message: VOTE_MESSAGES.reasonRequired,
    path: ['reason'],
  });
export type CreateVoteInput = z.infer<typeof createVoteSchema>;

/** The answer to a vote: the submission as it stands after it (resolved or not). */
export const voteResultSchema = z.object({ submission: submissionViewSchema });
export type VoteResult = z.infer<typeof voteResultSchema>;
