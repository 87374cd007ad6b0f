import { dollarsToCents } from '@/contracts/money';
import { PLEDGE_MESSAGES } from '@/contracts/pledge-values';
import type { ClientSecretResult, PledgeView } from '@/contracts/pledges';
import { errorMessage, PaymentStepError } from '@/web/features/payments/lib/error-message';
import { apiRequest } from '@/web/lib/api-client';

/**
 * POST /api/pledges/payment-intent for a pledge (amount in cents, checked by the server
 * against the stored pledge) and returns the client secret to confirm the card with. Any
 * failure becomes an error with the server's reason or 'Failed to create payment intent'.
 */
export async function createPledgeClientSecret(
  pledge: Pick<PledgeView, 'id' | 'dareId' | 'amount'>,
): Promise<string> {
  try {
    const result = await apiRequest<ClientSecretResult>('/api/pledges/payment-intent', {
      method: 'POST',
      body: { pledgeId: pledge.id, dareId: pledge.dareId, amount: dollarsToCents(pledge.amount) },
    });
    if (!result?.clientSecret) throw new Error('No client secret');
    return result.clientSecret;
  } catch (error) {
    throw new PaymentStepError(errorMessage(error, PLEDGE_MESSAGES.intentFailed));
  }
}
