import { and, eq, isNull } from 'drizzle-orm';
import { ACCOUNT_DELETION_MESSAGES, type DeleteAccountInput } from '@/contracts/account-deletion';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { unauthorized } from '../../lib/errors';
import { checkCurrentPassword } from '../account-security/current-password';
import type { FundingOptions } from '../funding/funding-options';
import { claimDeletion } from './claim';
import { finishDeletion } from './finish';

/**
 * DELETE /api/account (issue 20 item 4, DESIGN.md section 9, decision 0046). The password is
 * checked on the login's guessing budget, as for a password change: a stolen session must
 * not be able to delete the account, nor guess its password. Then the claim (one transaction:
 * refusals, the account gone, its dares cancelled, its sessions ended) and the rest at once
 * (finishDeletion). If a step of the rest fails, the account is deleted all the same: the
 * finish-account-deletions job completes it, so the answer is still that it was deleted.
 * A parallel delete of the same account finds it gone and answers 401, like its session.
 */
export async function deleteAccount(
  ctx: AppContext,
  caller: { userId: number; ip: string },
  input: DeleteAccountInput,
  options: FundingOptions = {},
) {
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, caller.userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw unauthorized();
  await checkCurrentPassword(ctx, caller, input.password, ACCOUNT_DELETION_MESSAGES.wrongPassword);

  await claimDeletion(ctx, caller.userId);
  try {
    await finishDeletion(ctx, caller.userId, options);
  } catch (error) {
    ctx.log.error({ err: error, userId: caller.userId }, 'account deletion left for the retry job');
  }
  return { message: ACCOUNT_DELETION_MESSAGES.deleted };
}
