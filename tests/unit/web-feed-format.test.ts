import { describe, expect, it } from 'vitest';
import type { DareView } from '@/contracts/dares';
import {
  completionVideoUrl,
  dareCaptionsUrl,
  dareVideoUrl,
} from '@/web/features/dares/utils/dare-media';
import {
  formatCompactCount,
  formatDollars,
  formatRelativeTime,
  formatTimeLeft,
  fundingPercent,
  sponsorLine,
  statusBadge,
} from '@/web/features/dares/utils/format-dare';
import { statusDotClass } from '@/web/features/profile/components/profile-dare-grid';

describe('formatCompactCount', () => {
  it('writes thousands as K and millions as M', () => {
    expect(formatCompactCount(0)).toBe('0');
    expect(formatCompactCount(999)).toBe('999');
    expect(formatCompactCount(1000)).toBe('1K');
    expect(formatCompactCount(1200)).toBe('1.2K');
    expect(formatCompactCount(1250)).toBe('1.3K');
    expect(formatCompactCount(482_000)).toBe('482K');
    expect(formatCompactCount(3_400_000)).toBe('3.4M');
    expect(formatCompactCount(12_000_000)).toBe('12M');
  });

  it('never shows 1000K', () => {
    expect(formatCompactCount(999_949)).toBe('999.9K');
    expect(formatCompactCount(999_999)).toBe('1M');
  });

  it('treats negatives and fractions sanely', () => {
    expect(formatCompactCount(-3)).toBe('0');
    expect(formatCompactCount(12.7)).toBe('12');
  });
});

describe('money and time', () => {
  it('formats dollars without cents when whole', () => {
    expect(formatDollars(110)).toBe('$110');
    expect(formatDollars(12.5)).toBe('$12.50');
    expect(formatDollars(1200)).toBe('$1,200');
  });

  it('says how long ago or how long until', () => {
    const now = Date.parse('2030-01-10T12:00:00Z');
    expect(formatRelativeTime('2030-01-10T11:59:50Z', now)).toBe('just now');
    expect(formatRelativeTime('2030-01-10T10:00:00Z', now)).toBe('2 hours ago');
    expect(formatRelativeTime('2030-01-16T12:00:00Z', now)).toBe('in 6 days');
    expect(formatRelativeTime('2030-01-09T12:00:00Z', now)).toBe('yesterday');
  });

  it('counts time left down to Ended', () => {
    const now = Date.parse('2030-01-10T12:00:00Z');
    expect(formatTimeLeft('2030-01-13T12:00:00Z', now)).toBe('3 days left');
    expect(formatTimeLeft('2030-01-13T13:00:00Z', now)).toBe('4 days left');
    expect(formatTimeLeft('2030-01-11T11:00:00Z', now)).toBe('23 hours left');
    expect(formatTimeLeft('2030-01-10T12:00:30Z', now)).toBe('1 minute left');
    expect(formatTimeLeft('2030-01-10T11:00:00Z', now)).toBe('Ended');
  });

  it('computes funding progress within 0..100', () => {
    expect(fundingPercent(50, 100)).toBe(50);
    expect(fundingPercent(150, 100)).toBe(100);
    expect(fundingPercent(5, 0)).toBe(0);
  });
});

describe('dare display', () => {
  it('badges known statuses and reads Unknown otherwise', () => {
    expect(statusBadge('pending')).toBe('Funding');
    expect(statusBadge('verification')).toBe('Verification');
    expect(statusBadge('archived')).toBe('Unknown');
    expect(statusBadge('toString')).toBe('Unknown');
  });

  it('colours profile dots: completed green, active blue, other amber', () => {
    expect(statusDotClass('completed')).toContain('emerald');
    expect(statusDotClass('active')).toContain('sky');
    expect(statusDotClass('pending')).toContain('amber');
    expect(statusDotClass('failed')).toContain('amber');
  });

  it('writes the sponsor line with the target (DESIGN.md section 6)', () => {
    const sponsor = { id: 2, username: 'nora', displayName: null, profilePicture: null };
    expect(sponsorLine({ targetAmount: 25, sponsor })).toBe('Sponsored by: nora for $25');
    const named = { ...sponsor, displayName: 'Nora Lind' };
    expect(sponsorLine({ targetAmount: 12.5, sponsor: named })).toBe(
      'Sponsored by: Nora Lind for $12.50',
    );
    expect(sponsorLine({ targetAmount: 25, sponsor: null })).toBeNull();
  });

  it('plays the standing proof, else the pitch, never a blob', () => {
    const proof = (status: 'pending' | 'approved' | 'rejected', videoUrl = '/media/p.mp4') => ({
      id: 1,
      videoUrl,
      thumbnailUrl: null,
      captionsUrl: null,
      status,
      createdAt: '',
      votingEndsAt: '',
    });
    const pitch = '/media/pitch.mp4';
    expect(dareVideoUrl({ pitchVideo: pitch, submission: null })).toBe(pitch);
    expect(dareVideoUrl({ pitchVideo: pitch, submission: proof('approved') })).toBe('/media/p.mp4');
    expect(dareVideoUrl({ pitchVideo: pitch, submission: proof('rejected') })).toBe(pitch);
    expect(dareVideoUrl({ pitchVideo: 'blob:x/1', submission: null })).toBeNull();
    expect(dareVideoUrl({ pitchVideo: null, submission: proof('pending', 'blob:x') })).toBeNull();
    const completed = { status: 'completed' as DareView['status'], submission: proof('approved') };
    expect(completionVideoUrl(completed)).toBe('/media/p.mp4');
    expect(completionVideoUrl({ ...completed, status: 'active' })).toBeNull();

    // The captions of the video that plays (issue 19 item 35).
    const captioned = { ...proof('approved'), captionsUrl: '/media/captions/p.vtt' };
    const pitchCaptions = '/media/captions/pitch.vtt';
    expect(dareCaptionsUrl({ pitchVideo: pitch, pitchCaptions, submission: null })).toBe(
      pitchCaptions,
    );
    expect(dareCaptionsUrl({ pitchVideo: pitch, pitchCaptions, submission: captioned })).toBe(
      '/media/captions/p.vtt',
    );
    expect(
      dareCaptionsUrl({ pitchVideo: pitch, pitchCaptions, submission: proof('approved') }),
    ).toBeNull();
    expect(
      dareCaptionsUrl({ pitchVideo: pitch, pitchCaptions, submission: proof('rejected') }),
    ).toBe(pitchCaptions);
    expect(dareCaptionsUrl({ pitchVideo: null, pitchCaptions, submission: null })).toBeNull();
  });
});
