import { z } from 'zod';
import { text } from './common';
import { PASSWORD_MAX } from './limits';

export const ACCOUNT_DELETION_MESSAGES = {
  passwordRequired: 'Please enter your password',
  wrongPassword: 'Password is incorrect',
  underVote:
    'Your account cannot be deleted while your proof is under vote. Try again once the vote has closed.',
  payoutPending:
    'Your account cannot be deleted while a payout to you is not yet paid. Try again once it has reached your payout account.',
  pledgeCollecting:
    'Your account cannot be deleted while your pledge to a completed dare is being collected. Try again in a few minutes.',
  deleted: 'Your account was deleted.',
} as const;

/** DELETE /api/account: the password proves it is the owner, not a borrowed session. */
export const deleteAccountSchema = z.object({
  password: text('Password').min(1, ACCOUNT_DELETION_MESSAGES.passwordRequired).max(PASSWORD_MAX),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const accountDeletedSchema = z.object({ message: z.string() });
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;
