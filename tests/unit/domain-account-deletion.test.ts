import { describe, expect, it } from 'vitest';
import { deletedEmail, deletedUsername, isDeletedUser } from '@/contracts/deleted-user';
import { usernameSchema } from '@/contracts/user';
import { isCancelledByDeletion } from '@/domain/account-deletion';
import { renderNotification } from '@/domain/notification-text';

const ME = 7;
const OTHER = 8;
const dare = (status: string, creatorId: number, takerId: number | null) => ({
  status,
  creatorId,
  takerId,
});

describe('which dares an account deletion cancels (decision 0046)', () => {
  it('cancels its dares still funding, whoever was to take them on', () => {
    expect(isCancelledByDeletion(dare('pending', ME, ME), ME)).toBe(true);
    expect(isCancelledByDeletion(dare('pending', ME, OTHER), ME)).toBe(true);
    expect(isCancelledByDeletion(dare('pending', ME, null), ME)).toBe(true);
  });

  it('cancels what only it could do, and its public challenge nobody took on', () => {
    expect(isCancelledByDeletion(dare('active', ME, ME), ME)).toBe(true);
    expect(isCancelledByDeletion(dare('active', OTHER, ME), ME)).toBe(true);
    expect(isCancelledByDeletion(dare('pending', OTHER, ME), ME)).toBe(true);
    expect(isCancelledByDeletion(dare('active', ME, null), ME)).toBe(true);
  });

  it('keeps a funded dare someone else took on, anything under vote or finished, and others’', () => {
    expect(isCancelledByDeletion(dare('active', ME, OTHER), ME)).toBe(false);
    for (const status of ['verification', 'completed', 'failed']) {
      expect(isCancelledByDeletion(dare(status, ME, ME), ME)).toBe(false);
    }
    expect(isCancelledByDeletion(dare('pending', OTHER, OTHER), ME)).toBe(false);
  });
});

describe('a deleted account’s face', () => {
  it('has a username no person can choose, recognised by the screens', () => {
    expect(deletedUsername(12)).toBe('deleted-12');
    expect(isDeletedUser({ username: deletedUsername(12) })).toBe(true);
    expect(usernameSchema.safeParse(deletedUsername(12)).success).toBe(false);
    expect(isDeletedUser({ username: 'deleted_12' })).toBe(false);
    expect(deletedEmail(12)).toBe('deleted-12@deleted.invalid');
  });

  it('tells the pledgers of a cancelled dare why', () => {
    const notice = renderNotification(
      'dare_failed',
      { dareTitle: 'X', role: 'pledger', reason: 'account_deleted' },
      3,
    );
    expect(notice.text).toBe('"X" was cancelled');
    expect(notice.detail).toContain('was deleted');
    expect(notice.detail).toContain('nobody was charged');
  });
});
