import { describe, expect, it } from 'vitest';
import type { ModerationQueueItem } from '@/contracts/moderation';
import { actionWords, availableActions } from '@/web/features/moderation/lib/moderation-actions';
import { localDateInput, suspensionUntil } from '@/web/features/moderation/lib/suspension-date';

const owner = {
  id: 2,
  username: 'kai',
  displayName: null,
  profilePicture: null,
  suspended: false,
  suspendedUntil: null,
};

function item(overrides: Partial<ModerationQueueItem> = {}): ModerationQueueItem {
  return {
    caseId: 1,
    targetType: 'dare',
    targetId: 9,
    status: 'open',
    owner,
    content: {
      title: 'Hot sauce',
      text: null,
      videoUrl: null,
      posterUrl: null,
      coverImage: null,
      dareId: 9,
      moderationState: null,
      missing: false,
    },
    reportCount: 1,
    reasons: [{ reason: 'dangerous', count: 1 }],
    reporters: [],
    screening: null,
    hidden: false,
    openedAt: '2026-11-26T10:00:00.000Z',
    resolvedAt: null,
    ...overrides,
  };
}

describe('the actions a queue card offers', () => {
  it('an open case of visible content: dismiss, remove, warn, suspend', () => {
    expect(availableActions(item())).toEqual(['dismiss', 'remove', 'warn', 'suspend']);
  });

  it('removed content can be restored, not removed again; held content is dismissed', () => {
    const held = item({ content: { ...item().content, moderationState: 'under_review' } });
    expect(availableActions(held)).toEqual(['dismiss', 'remove', 'warn', 'suspend']);
    const removed = item({
      status: 'resolved',
      content: { ...item().content, moderationState: 'removed' },
    });
    expect(availableActions(removed)).toEqual(['restore', 'warn', 'suspend']);
  });

  it('a suspended owner is unsuspended; no owner, no account actions', () => {
    expect(availableActions(item({ owner: { ...owner, suspended: true } }))).toContain('unsuspend');
    const gone = item({ owner: null, content: { ...item().content, missing: true } });
    expect(availableActions(gone)).toEqual(['dismiss']);
  });
});

describe("an action's words", () => {
  it('dismissing a dare the danger screen held approves it', () => {
    expect(actionWords('dismiss', item()).button).toBe('Dismiss');
    expect(actionWords('dismiss', item({ screening: 'heights' })).button).toBe('Approve');
    expect(actionWords('remove', item({ screening: 'heights' })).button).toBe('Remove');
  });
});

describe('a suspension until a day', () => {
  const now = new Date(2026, 10, 26, 15, 30);

  it('starts that day where the moderator is, and must be after today', () => {
    expect(localDateInput(1, now)).toBe('2026-11-27');
    expect(suspensionUntil('2026-12-03', now)).toEqual({
      until: new Date(2026, 11, 3).toISOString(),
    });
    expect(suspensionUntil('2026-11-26', now)).toEqual({ error: 'Choose a day after today' });
    expect(suspensionUntil('', now)).toEqual({ error: 'Choose the day the suspension ends' });
  });
});
