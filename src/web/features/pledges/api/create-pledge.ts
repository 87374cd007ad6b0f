import { useMutation } from '@tanstack/react-query';
import { PLEDGE_MESSAGES } from '@/contracts/pledge-values';
import type { PledgeView } from '@/contracts/pledges';
import { newIdempotencyKey } from '@/web/features/payments/lib/idempotency-key';
import { apiRequest, isApiError, isNetworkError } from '@/web/lib/api-client';

export interface CreatePledgeVariables {
  dareId: number;
  /** Dollars, as the API takes them. */
  amount: number;
}

/**
 * POST /api/pledges. Each call is one user action with its own idempotency key, so a
 * request the network retries still makes one pledge. The new pledge is pending: nothing
 * counts toward the dare until its card is authorized, so no dare cache changes yet.
 */
export function createPledge({ dareId, amount }: CreatePledgeVariables) {
  return apiRequest<PledgeView>('/api/pledges', {
    method: 'POST',
    body: { dareId, amount, idempotencyKey: newIdempotencyKey() },
  });
}

export function useCreatePledge() {
  return useMutation({ mutationFn: createPledge });
}

/** The 'Pledge failed' toast's words: the server's reason, 'You're offline', or the spec's default. */
export function pledgeErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return error.message;
  if (isApiError(error) && error.status < 500 && error.message) return error.message;
  return PLEDGE_MESSAGES.createFailed;
}
