import { describe, expect, it } from 'vitest';
import { anonymousCopy } from '@/web/features/feed/api/kept-feed-page';
import { isAppNavigation, isCachedMedia } from '@/web/sw/request-rules';
import { dareView } from '../support/dare-views';

// Decision 0052: what the service worker answers, and what the page keeps for offline use.
const origin = 'https://darefund.app';
const at = (path: string) => new URL(path, origin);

describe('the service worker request rules', () => {
  it('gives app pages the shell offline, never what the server answers itself', () => {
    for (const path of ['/', '/profile', '/dares/12?vote=1', '/settings/security', '/nope']) {
      expect(isAppNavigation(at(path)), path).toBe(true);
    }
    for (const path of [
      '/api/dares',
      '/api',
      '/api/docs',
      '/media/a.mp4',
      '/dev/mail',
      '/unsubscribe?token=x',
      '/healthz',
      '/readyz',
      '/metrics',
      '/robots.txt',
    ]) {
      expect(isAppNavigation(at(path)), path).toBe(false);
    }
    // Only whole segments: a page whose path merely starts with the same letters is the app's.
    expect(isAppNavigation(at('/apiary'))).toBe(true);
    expect(isAppNavigation(at('/mediator'))).toBe(true);
  });

  it('caches our uploaded images only: not videos, not API answers, not other sites', () => {
    expect(isCachedMedia(at('/media/p.jpg'), 'image', origin)).toBe(true);
    expect(isCachedMedia(at('/media/p.mp4'), 'video', origin)).toBe(false);
    expect(isCachedMedia(at('/media/p.vtt'), 'track', origin)).toBe(false);
    expect(isCachedMedia(at('/api/users/1/avatar'), 'image', origin)).toBe(false);
    expect(isCachedMedia(at('/assets/favicon.svg'), 'image', origin)).toBe(false);
    expect(isCachedMedia(new URL('https://cdn.example/media/p.jpg'), 'image', origin)).toBe(false);
  });
});

describe('the feed page kept for offline use', () => {
  it("carries no one's pledge, like or save", () => {
    const kept = anonymousCopy([
      dareView({ id: 1, hasUserPledged: true, isLiked: true, isSaved: true }),
      dareView({ id: 2 }),
    ]);
    expect(kept.map((dare) => [dare.id, dare.hasUserPledged, dare.isLiked, dare.isSaved])).toEqual([
      [1, false, false, false],
      [2, false, false, false],
    ]);
    // The public figures stay.
    expect(kept[0]).toMatchObject({ title: 'Ice Bucket Challenge', pledgeCount: 3, likeCount: 2 });
  });

  it('leaves out what an anonymous visitor is not shown: R-rated, gated, held or removed dares', () => {
    const kept = anonymousCopy([
      dareView({ id: 1, contentRating: 'R' }),
      dareView({ id: 2, matureGate: true }),
      dareView({ id: 3, moderationState: 'under_review' }),
      dareView({ id: 4, moderationState: 'removed' }),
      dareView({ id: 5, contentRating: 'PG-13' }),
    ]);
    expect(kept.map((dare) => dare.id)).toEqual([5]);
  });
});
