import { type MutateOptions, useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
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
 * POST /api/pledges with the attempt's Idempotency-Key: the server answers a repeat of the
 * same request with the same pledge (decision 0031). The new pledge is pending: nothing
 * counts toward the dare until its card is authorized, so no dare cache changes yet.
 */
export function createPledge({
  dareId,
  amount,
  idempotencyKey,
}: CreatePledgeVariables & { idempotencyKey: string }) {
  return apiRequest<PledgeView>('/api/pledges', {
    method: 'POST',
    body: { dareId, amount },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

type Options = MutateOptions<PledgeView, Error, CreatePledgeVariables & { idempotencyKey: string }>;

/**
 * One pledge per attempt (issue 19 item 10): the first tap starts it and the button is busy
 * at once (`isPending`); another tap while it runs is ignored, and a request the network
 * repeats carries the same key, so the server makes one pledge either way. The key is made
 * when the attempt starts and dropped when it ends, so the next pledge is a new one.
 */
export function useCreatePledge() {
  const mutation = useMutation({ mutationFn: createPledge });
  const attempt = useRef<string | null>(null);
  const [starting, setStarting] = useState(false);
  const { mutate: send } = mutation;
  const mutate = useCallback(
    (variables: CreatePledgeVariables, options?: Options) => {
      if (attempt.current) return;
      const idempotencyKey = newIdempotencyKey();
      attempt.current = idempotencyKey;
      setStarting(true);
      send(
        { ...variables, idempotencyKey },
        {
          ...options,
          onSettled: (...settled) => {
            attempt.current = null;
            setStarting(false);
            options?.onSettled?.(...settled);
          },
        },
      );
    },
    [send],
  );
  return { ...mutation, mutate, isPending: mutation.isPending || starting };
}

/** The 'Pledge failed' toast's words: the server's reason, 'You're offline', or the spec's default. */
export function pledgeErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return error.message;
  if (isApiError(error) && error.status < 500 && error.message) return error.message;
  return PLEDGE_MESSAGES.createFailed;
}
