import { describe, expect, it } from 'vitest';
import { takerNoteText } from '@/web/features/invitations/lib/taker-note-text';

describe('the taker note on a challenge someone else made (issue 19 item 11)', () => {
  it('does not say the goal is reached for a live public challenge at $5 of $30', () => {
    const text = takerNoteText({ status: 'active', currentAmount: 5, targetAmount: 30 });
    expect(text).toBe(
      '$5 of the $30 goal is pledged so far: submit your proof here before the deadline',
    );
  });

  it('says the goal is reached once the pledges reach it', () => {
    expect(takerNoteText({ status: 'active', currentAmount: 30, targetAmount: 30 })).toBe(
      'The goal is reached: submit your proof before the deadline',
    );
    expect(takerNoteText({ status: 'active', currentAmount: 42.5, targetAmount: 30 })).toMatch(
      /^The goal is reached/,
    );
  });

  it('waits for the goal while funding, and says nothing once the dare is past funding', () => {
    expect(takerNoteText({ status: 'pending', currentAmount: 10, targetAmount: 30 })).toBe(
      'Once pledges reach the goal, submit your proof here before the deadline',
    );
    for (const status of ['verification', 'completed', 'failed'] as const) {
      expect(takerNoteText({ status, currentAmount: 30, targetAmount: 30 })).toBeNull();
    }
  });
});
