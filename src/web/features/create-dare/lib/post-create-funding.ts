import type { CreateDareInput } from '@/contracts/dares';
import { PUBLIC_DARE_FUNDING_CENTS } from '@/contracts/limits';
import { PLEDGE_MESSAGES } from '@/contracts/pledge-values';
import type { ToastOptions } from '@/web/components/ui/toast-store';
import { daysLeft } from '@/web/features/dares/utils/format-dare';
import { formatAmount } from '@/web/features/payments/lib/format-amount';
import { type AmountChoice, resolveAmount } from '@/web/features/pledges/lib/pledge-amount';

/** Both dialogs open on the smallest preset, $5, which is also the public dare's minimum. */
export const initialFundingChoice: AmountChoice = {
  selected: PUBLIC_DARE_FUNDING_CENTS / 100,
  customText: '',
};

/**
 * The amount the creator would pledge, or null. A custom value counts only if it is a number
 * of at least $5 (spec section 5), checked by the same rules the server applies to pledges.
 */
export function fundingAmount(choice: AmountChoice): number | null {
  const result = resolveAmount(choice);
  return result.ok ? result.dollars : null;
}

/** 'Pledge $10' / 'Fund $5 to Go Live'; without a usable amount the button names no sum. */
export function fundingButtonLabel(amount: number | null, isPublic: boolean): string {
  const sum = amount === null ? '' : ` ${formatAmount(amount)}`;
  return isPublic ? `Fund${sum} to Go Live` : `Pledge${sum}`;
}

/** '$0 pledged of $25 goal' */
export function pledgedOfGoal(currentDollars: number, targetDollars: number): string {
  return `${formatAmount(currentDollars)} pledged of ${formatAmount(targetDollars)} goal`;
}

/**
 * '3 days remaining', '1 day remaining' or 'Campaign ended', rounded up like every other
 * screen's time left (daysLeft): a 3-day dare created a moment ago still has 3 days.
 */
export function daysRemaining(expiresAt: string, now: number = Date.now()): string {
  const days = daysLeft(expiresAt, now);
  if (days === null) return 'Campaign ended';
  return `${days} ${days === 1 ? 'day' : 'days'} remaining`;
}

/** A public challenge must come with its creator's authorized funding (DESIGN.md section 5). */
export function isPublicDare(
  payload: Pick<CreateDareInput, 'recipientType' | 'isPublicChallenge'>,
) {
  return payload.isPublicChallenge || payload.recipientType === 'public';
}

/** Any attempt to dismiss the public funding dialog (spec section 4). */
export const fundingRequiredToast: ToastOptions = {
  title: 'Funding Required',
  description: PLEDGE_MESSAGES.fundingRequired,
};

/** The card was authorized but the dare was refused: the server has released the hold. */
export const creationFailedToast: ToastOptions = {
  title: 'Error',
  description: `${PLEDGE_MESSAGES.createdButFailed} Your card was not charged.`,
  variant: 'destructive',
};

export function dareLiveToast(isPublic: boolean, amount: number): ToastOptions {
  return {
    title: 'Dare Created Successfully!',
    description: isPublic
      ? PLEDGE_MESSAGES.publicLive
      : `Your dare is now live with ${formatAmount(amount)} funding.`,
  };
}

/** Skipping the pledge: the dare exists and waits for funding (spec section 4). */
export const dareCreatedToast: ToastOptions = {
  title: 'Dare Created',
  description: 'You can fund your dare later from your profile page.',
};
