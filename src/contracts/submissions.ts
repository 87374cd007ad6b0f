import { z } from 'zod';
import { id, pathId, text } from './common';

/**
 * Proofs and votes (spec sections 2, 3, 5, 7, 8; DESIGN.md section 5). The texts are the
 * spec's where it has them.
 */
export const SUBMISSION_MESSAGES = {
  notTaker: 'Only the dare taker can submit a proof video.',
  proofUnderVote: 'A proof for this dare is already being voted on.',
  dareNotActive: 'This dare is not accepting proof videos right now.',
  notOurVideo: 'Please upload the proof video before submitting it.',
  submissionFailed: 'Submission failed',
  noSubmission: 'There is no pending submission for this dare.',
} as const;

export const VOTE_MESSAGES = {
  notEligible: 'Only users who pledged to this dare can vote on submissions.',
  notEligibleTitle: 'Not eligible to vote',
  takerCannotVote: 'You cannot vote on your own proof.',
  alreadyVoted: 'You have already voted on this submission. Votes are final.',
  votingClosed: 'Voting on this submission has closed.',
  reasonRequired: 'Please select or provide a reason for rejecting the submission',
  reasonRequiredTitle: 'Reason required',
  voteFailed: 'Vote failed',
} as const;

export const APPROVE_REASONS = [
  'Dare completed successfully as required',
  'Clear evidence of completion shown',
  'All dare conditions were met',
  'High quality submission',
] as const;

export const REJECT_REASONS = [
  'Did not complete the dare as described',
  'Unclear or poor quality video evidence',
  'Dare rules were not followed',
  'Fake or misleading submission',
  'Potentially harmful or dangerous content',
] as const;

/** A reason, preset or written: at most this long. */
export const VOTE_REASON_MAX_LENGTH = 500;

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** POST /api/submissions (spec section 7): the taker's proof of a dare. */
export const createSubmissionSchema = z.object({
  dareId: id,
  videoUrl: text('Video').min(1, SUBMISSION_MESSAGES.notOurVideo).max(2048),
  thumbnailUrl: text('Thumbnail').max(2048).nullish(),
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
