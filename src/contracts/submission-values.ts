/**
 * The proof and vote contract's plain values, without zod, so screens that only show a
 * message or a reason list do not load zod with their first paint (contracts/submissions.ts
 * re-exports them; see dare-values.ts). The texts are the spec's where it has them.
 */
export const SUBMISSION_MESSAGES = {
  notTaker: 'Only the dare taker can submit a proof video.',
  proofUnderVote: 'A proof for this dare is already being voted on.',
  dareNotActive: 'This dare is not accepting proof videos right now.',
  notOurVideo: 'Please upload the proof video before submitting it.',
  /** A proof must be the taker's own upload, made as a proof (issue 19 item 5). */
  notYourVideo: 'This video was uploaded by someone else. Please upload your own proof video.',
  pitchIsNotProof: "The dare's pitch video cannot be its proof. Please upload a proof video.",
  notUploadedAsProof: 'This video was not uploaded as a proof. Please upload your proof video.',
  notYourThumbnail: 'Please choose a thumbnail from your proof video.',
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

/** The reject reason that also reports the proof to moderators (issue 21 item 1). */
export const DANGEROUS_REJECT_REASON = 'Potentially harmful or dangerous content';

export const REJECT_REASONS = [
  'Did not complete the dare as described',
  'Unclear or poor quality video evidence',
  'Dare rules were not followed',
  'Fake or misleading submission',
  DANGEROUS_REJECT_REASON,
] as const;

/** A reason, preset or written: at most this long. */
export const VOTE_REASON_MAX_LENGTH = 500;

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
