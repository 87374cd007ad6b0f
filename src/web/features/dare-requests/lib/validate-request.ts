import { DARE_REQUEST_MESSAGES } from '@/contracts/dare-requests';
import type { ContentRating, DareCategory } from '@/contracts/dares';
import { DARE_REQUEST_MIN_TARGET_CENTS } from '@/contracts/limits';

export interface RequestFormValues {
  recipientEmail: string;
  dareTitle: string;
  dareDescription: string;
  /** As typed: the number input's text. */
  targetAmount: string;
  category: DareCategory;
  contentRating: ContentRating;
}

export type RequestProblem = { title: string; description: string };

/**
 * The form's checks in the spec's order and words (section 5 "Dare request"): the first
 * problem is toasted. The email is needed only when no recipient user is preset.
 */
export function requestFormProblem(
  values: RequestFormValues,
  hasPresetRecipient: boolean,
): RequestProblem | null {
  if (!values.dareTitle.trim()) return DARE_REQUEST_MESSAGES.missingTitle;
  const amount = Number(values.targetAmount);
  if (values.targetAmount.trim() === '' || !Number.isFinite(amount) || amount <= 0) {
    return DARE_REQUEST_MESSAGES.invalidAmount;
  }
  if (amount < DARE_REQUEST_MIN_TARGET_CENTS / 100) {
    return {
      title: DARE_REQUEST_MESSAGES.invalidAmount.title,
      description: `The minimum target amount is $${DARE_REQUEST_MIN_TARGET_CENTS / 100}`,
    };
  }
  if (!hasPresetRecipient && !values.recipientEmail.trim()) {
    return DARE_REQUEST_MESSAGES.missingRecipient;
  }
  return null;
}
