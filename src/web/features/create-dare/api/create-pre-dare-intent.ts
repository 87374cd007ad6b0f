import { PLEDGE_MESSAGES } from '@/contracts/pledge-values';
import type { ClientSecretResult } from '@/contracts/pledges';
import { errorMessage, PaymentStepError } from '@/web/features/payments/lib/error-message';
import { apiRequest } from '@/web/lib/api-client';

/**
 * POST /api/payments/create-pre-dare-intent: the public dare's funding, authorized before
 * the dare exists. Failures carry the server's reason or 'Failed to create payment intent',
 * which the card form shows and hands to its error callback.
 */
export async function createPreDareIntent(amountCents: number): Promise<ClientSecretResult> {
  try {
    const result = await apiRequest<ClientSecretResult>('/api/payments/create-pre-dare-intent', {
      method: 'POST',
      body: { amount: amountCents },
    });
    if (!result?.clientSecret || !result.paymentIntentId) throw new Error('No client secret');
    return result;
  } catch (error) {
    throw new PaymentStepError(errorMessage(error, PLEDGE_MESSAGES.intentFailed));
  }
}
