import { describe, expect, it } from 'vitest';
import { blockCopy } from '@/web/features/blocks/lib/block-copy';
import { isMatureGated, isUnderReview } from '@/web/features/dares/utils/dare-moderation';
import {
  REPORT_REASON_LIST,
  reportDetails,
  reportFailureText,
  reportTitle,
} from '@/web/features/reports/lib/report-reasons';
import { ApiError, NetworkError } from '@/web/lib/api-client';

describe('the report sheet (issue 21 item 1)', () => {
  it('lists the six reasons in the spec’s order and words', () => {
    expect(REPORT_REASON_LIST.map((item) => item.label)).toEqual([
      'Dangerous or harmful',
      'Harassment or bullying',
      'Sexual content',
      'Spam or scam',
      'Involves a minor',
      'Something else',
    ]);
    expect(REPORT_REASON_LIST.map((item) => item.reason)).toEqual([
      'dangerous',
      'harassment',
      'sexual',
      'spam',
      'minor',
      'other',
    ]);
  });

  it('names what is reported: a submission is a proof', () => {
    expect(reportTitle('dare')).toBe('Report dare');
    expect(reportTitle('submission')).toBe('Report proof');
    expect(reportTitle('user')).toBe('Report account');
    expect(reportTitle('message')).toBe('Report message');
  });

  it('sends details trimmed, and none when blank', () => {
    expect(reportDetails('  it was dangerous  ')).toBe('it was dangerous');
    expect(reportDetails('   ')).toBeUndefined();
    expect(reportDetails('')).toBeUndefined();
  });

  it('says why a report was not sent in the server’s words, or offline', () => {
    const limited = new ApiError('Too many reports. Try again later.', 429, {});
    expect(reportFailureText(limited)).toBe('Too many reports. Try again later.');
    const offline = new NetworkError();
    expect(reportFailureText(offline)).toBe(offline.message);
    expect(reportFailureText(new Error('boom'))).toBe('Your report was not sent. Try again.');
  });
});

describe('a dare view’s moderation fields (issue 21 items 2 and 7)', () => {
  it('shows Under review only for under_review', () => {
    expect(isUnderReview({ moderationState: 'under_review' })).toBe(true);
    expect(isUnderReview({ moderationState: 'removed' })).toBe(false);
    expect(isUnderReview({ moderationState: null })).toBe(false);
  });
  it('gates only a dare the server marks', () => {
    expect(isMatureGated({ matureGate: true })).toBe(true);
    expect(isMatureGated({ matureGate: false })).toBe(false);
  });
});

describe('the block confirm (issue 21 item 5)', () => {
  it('asks to block, or to unblock one already blocked', () => {
    expect(blockCopy('Ada', false)).toMatchObject({ title: 'Block Ada?', confirmLabel: 'Block' });
    expect(blockCopy('Ada', true)).toMatchObject({
      title: 'Unblock Ada?',
      confirmLabel: 'Unblock',
    });
  });
});
