import { describe, expect, it } from 'vitest';
import { MODERATION_ACTION_MESSAGES as WORDS } from '@/contracts/moderation-action-values';
import { actionRefusal } from '@/domain/moderation-action-rules';
import { formatSuspensionEnd, suspensionMessage } from '@/domain/suspension-message';

const now = new Date('2026-11-26T12:00:00Z');
const mod = { id: 1, role: 'moderator' as const, deletedAt: null };
const member = { id: 2, role: 'user' as const, deletedAt: null };

describe('which moderator actions make sense (issue 21)', () => {
  it('takes an end date only for a suspension, and only in the future', () => {
    const tomorrow = new Date(now.getTime() + 86_400_000);
    expect(actionRefusal({ action: 'suspend', until: tomorrow }, mod, member, now)).toBeNull();
    expect(actionRefusal({ action: 'remove', until: tomorrow }, mod, member, now)).toBe(
      WORDS.untilOnlyForSuspend,
    );
    expect(actionRefusal({ action: 'suspend', until: now }, mod, member, now)).toBe(
      WORDS.untilInPast,
    );
  });

  it("acts on the owner's account for warn, suspend and unsuspend, from any target", () => {
    expect(actionRefusal({ action: 'warn' }, mod, null, now)).toBe(WORDS.noOwner);
    expect(actionRefusal({ action: 'warn' }, mod, { ...member, deletedAt: now }, now)).toBe(
      WORDS.noOwner,
    );
    expect(actionRefusal({ action: 'suspend' }, mod, { ...mod }, now)).toBe(WORDS.notYourself);
    const colleague = { id: 3, role: 'moderator' as const, deletedAt: null };
    expect(actionRefusal({ action: 'suspend' }, mod, colleague, now)).toBe(WORDS.staffAccount);
    expect(actionRefusal({ action: 'suspend' }, { ...mod, role: 'admin' }, colleague, now)).toBe(
      null,
    );
    // Content actions need no owner: a deleted account's dare can still be removed.
    expect(actionRefusal({ action: 'remove' }, mod, null, now)).toBeNull();
  });
});

describe('the suspended login message', () => {
  it('names the end date readably, or says it is for good; a past suspension is none', () => {
    const at = new Date('2026-11-01T00:00:00Z');
    expect(formatSuspensionEnd(new Date('2026-12-03T23:30:00Z'))).toBe('December 3, 2026');
    expect(
      suspensionMessage({ suspendedAt: at, suspendedUntil: new Date('2026-12-03T10:00:00Z') }, now),
    ).toBe('Your account is suspended until December 3, 2026');
    expect(suspensionMessage({ suspendedAt: at, suspendedUntil: null }, now)).toBe(
      'Your account is suspended',
    );
    expect(
      suspensionMessage({ suspendedAt: at, suspendedUntil: new Date('2026-11-02T00:00:00Z') }, now),
    ).toBeNull();
    expect(suspensionMessage({ suspendedAt: null, suspendedUntil: null }, now)).toBeNull();
  });
});
