import { describe, expect, it } from 'vitest';
import type { DareView } from '@/contracts/dares';
import { seesMatureDare, withMatureGate } from '@/server/modules/dares/mature-gate';

const view = (contentRating: DareView['contentRating']) =>
  ({
    id: 1,
    creatorId: 10,
    takerId: 11,
    contentRating,
    description: 'words',
    coverImage: '/media/c.jpg',
    pitchVideo: '/media/p.mp4',
    pitchPoster: '/media/p.jpg',
    pitchCaptions: '/media/p.vtt',
    submission: { id: 2 },
    matureGate: false,
  }) as unknown as DareView;

describe('the R-rated gate of a dare detail (issue 21 item 7)', () => {
  it('lets the opted-in, the creator and the taker see it, nobody else', () => {
    expect(seesMatureDare(view('R'), { mature: false })).toBe(false);
    expect(seesMatureDare(view('R'), { viewerId: 5, mature: false })).toBe(false);
    expect(seesMatureDare(view('R'), { viewerId: 5, mature: true })).toBe(true);
    expect(seesMatureDare(view('R'), { viewerId: 10, mature: false })).toBe(true);
    expect(seesMatureDare(view('R'), { viewerId: 11, mature: false })).toBe(true);
    expect(seesMatureDare(view('PG-13'), { mature: false })).toBe(true);
  });

  it('leaves the media and words out of a gated view', () => {
    expect(withMatureGate(view('R'), { mature: false })).toMatchObject({
      matureGate: true,
      description: '',
      coverImage: null,
      pitchVideo: null,
      pitchPoster: null,
      pitchCaptions: null,
      submission: null,
    });
    const open = view('R');
    expect(withMatureGate(open, { viewerId: 5, mature: true })).toBe(open);
  });
});
