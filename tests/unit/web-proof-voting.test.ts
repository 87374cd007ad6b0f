import { describe, expect, it } from 'vitest';
import { APPROVE_REASONS, REJECT_REASONS, type SubmissionView } from '@/contracts/submissions';
import { proofVideoUrl } from '@/web/features/dares/utils/dare-media';
import {
  failureReason,
  formatTally,
  HOLDS_RELEASED,
} from '@/web/features/submissions/lib/dare-outcome';
import { canSubmitProof } from '@/web/features/submissions/lib/proof-eligibility';
import {
  formatClock,
  PROOF_DEFAULT_VOLUME,
  proofVolume,
  skipForward,
} from '@/web/features/submissions/lib/proof-player';
import {
  initialVoteChoice,
  pickRejectPreset,
  rejectReason,
  toggleApproveReason,
  typeOtherReason,
} from '@/web/features/submissions/lib/vote-choice';
import {
  formatVoteCount,
  formatVotingTimeLeft,
  pendingSubmission,
  votingTimeLeft,
} from '@/web/features/submissions/lib/voting-time';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('votingTimeLeft (Time Remaining until automatic approval)', () => {
  it('counts hours and minutes down to votingEndsAt', () => {
    expect(votingTimeLeft(at(24 * HOUR), NOW)).toEqual({ hours: 24, minutes: 0, closed: false });
    expect(votingTimeLeft(at(5 * HOUR + 12 * MIN), NOW)).toEqual({
      hours: 5,
      minutes: 12,
      closed: false,
    });
    expect(formatVotingTimeLeft(at(23 * HOUR + 59 * MIN), NOW)).toBe('23h 59m');
  });

  it('rounds a part minute up, so the last seconds still read 0h 1m', () => {
    expect(formatVotingTimeLeft(at(30_000), NOW)).toBe('0h 1m');
    expect(formatVotingTimeLeft(at(HOUR + 1), NOW)).toBe('1h 1m');
  });

  it('is closed at and after the end, and for an unreadable date', () => {
    expect(votingTimeLeft(at(0), NOW).closed).toBe(true);
    expect(formatVotingTimeLeft(at(-MIN), NOW)).toBe('Voting closed');
    expect(votingTimeLeft('not a date', NOW).closed).toBe(true);
  });

  it('says votes in the singular and plural', () => {
    expect(formatVoteCount(0)).toBe('0 votes');
    expect(formatVoteCount(1)).toBe('1 vote');
    expect(formatVoteCount(5)).toBe('5 votes');
  });

  it('finds the proof under vote in a newest-first list', () => {
    const item = (id: number, status: SubmissionView['status']) =>
      ({ id, status }) as SubmissionView;
    expect(pendingSubmission([item(2, 'pending'), item(1, 'rejected')])?.id).toBe(2);
    expect(pendingSubmission([item(1, 'rejected')])).toBeNull();
    expect(pendingSubmission(undefined)).toBeNull();
  });
});

describe('vote reasons', () => {
  it('lets Reject through only with a reason, preset or written', () => {
    let choice = initialVoteChoice('reject');
    expect(rejectReason(choice)).toBeNull();
    choice = pickRejectPreset(choice, REJECT_REASONS[1]);
    expect(rejectReason(choice)).toBe(REJECT_REASONS[1]);
    choice = typeOtherReason(choice, '   ');
    // Whitespace is no reason, and it has already replaced the preset.
    expect(rejectReason(choice)).toBeNull();
  });

  it('typing another reason clears the preset; picking a preset clears the text', () => {
    let choice = pickRejectPreset(initialVoteChoice('reject'), REJECT_REASONS[0]);
    choice = typeOtherReason(choice, 'The clip stops before the jump');
    expect(choice.rejectPreset).toBeNull();
    expect(rejectReason(choice)).toBe('The clip stops before the jump');
    choice = pickRejectPreset(choice, REJECT_REASONS[4]);
    expect(choice.otherReason).toBe('');
    expect(rejectReason(choice)).toBe(REJECT_REASONS[4]);
  });

  it('caps a written reason at the contract length', () => {
    const choice = typeOtherReason(initialVoteChoice('reject'), 'x'.repeat(900));
    expect(rejectReason(choice)).toHaveLength(500);
  });

  it('keeps the approve reason optional: a second tap unselects it', () => {
    let choice = initialVoteChoice('approve');
    expect(choice.approveReason).toBeNull();
    choice = toggleApproveReason(choice, APPROVE_REASONS[2]);
    expect(choice.approveReason).toBe(APPROVE_REASONS[2]);
    choice = toggleApproveReason(choice, APPROVE_REASONS[2]);
    expect(choice.approveReason).toBeNull();
  });

  it("has the spec's four approve and five reject reasons", () => {
    expect(APPROVE_REASONS).toHaveLength(4);
    expect(REJECT_REASONS).toHaveLength(5);
  });
});

describe('proof player', () => {
  it('skips 10 s forward, never past the end', () => {
    expect(skipForward(3, 60)).toBe(13);
    expect(skipForward(55, 60)).toBe(60);
    expect(skipForward(3, Number.NaN)).toBe(13);
  });

  it('starts at 0.7 and clamps the volume to 0..1', () => {
    expect(PROOF_DEFAULT_VOLUME).toBe(0.7);
    expect(proofVolume(1.4)).toBe(1);
    expect(proofVolume(-0.2)).toBe(0);
    expect(proofVolume(0.3)).toBe(0.3);
    expect(proofVolume(Number.NaN)).toBe(0.7);
  });

  it('writes the clock as m:ss', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.9)).toBe('1:05');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
});

describe('who may submit a proof', () => {
  const dare = { status: 'active' as const, takerId: 7, expiresAt: at(HOUR) };
  it('is the taker of an active dare before its deadline', () => {
    expect(canSubmitProof(dare, 7, NOW)).toBe(true);
    expect(canSubmitProof(dare, 8, NOW)).toBe(false);
    expect(canSubmitProof(dare, null, NOW)).toBe(false);
    expect(canSubmitProof({ ...dare, takerId: null }, undefined, NOW)).toBe(false);
    expect(canSubmitProof({ ...dare, status: 'pending' }, 7, NOW)).toBe(false);
    expect(canSubmitProof({ ...dare, status: 'verification' }, 7, NOW)).toBe(false);
    expect(canSubmitProof({ ...dare, expiresAt: at(-1) }, 7, NOW)).toBe(false);
  });
});

describe('dare outcome texts', () => {
  const base = { status: 'failed' as const, currentAmount: 10, targetAmount: 50, submission: null };
  const proof = (status: 'pending' | 'approved' | 'rejected') => ({
    id: 1,
    videoUrl: '/media/videos/proof.mp4',
    thumbnailUrl: null,
    captionsUrl: null,
    status,
    createdAt: at(0),
    votingEndsAt: at(24 * HOUR),
  });

  it('says why a dare failed', () => {
    expect(failureReason(base)).toMatch(/before the dare reached its funding goal/);
    expect(failureReason({ ...base, currentAmount: 50 })).toMatch(/before a proof video/);
    expect(failureReason({ ...base, currentAmount: 50, submission: proof('rejected') })).toMatch(
      /rejected by the pledgers after the deadline/,
    );
    expect(HOLDS_RELEASED).toMatch(/Every hold was released/);
  });

  it('writes the tally', () => {
    expect(formatTally(3, 0)).toBe('3 approvals · 0 rejections');
    expect(formatTally(1, 1)).toBe('1 approval · 1 rejection');
  });

  it('offers Watch Proof only for a proof under vote', () => {
    expect(proofVideoUrl({ status: 'verification', submission: proof('pending') })).toBe(
      '/media/videos/proof.mp4',
    );
    expect(proofVideoUrl({ status: 'completed', submission: proof('approved') })).toBeNull();
    expect(proofVideoUrl({ status: 'verification', submission: null })).toBeNull();
  });
});
