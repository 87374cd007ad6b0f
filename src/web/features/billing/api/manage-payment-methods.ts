import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedPaymentMethod } from '@/contracts/billing';
import type { PaymentMethodView } from '@/contracts/payments';
import { apiRequest } from '@/web/lib/api-client';
import type { CardFieldsBody } from '../components/card-fields';
import { paymentMethodsQueryKey } from './get-payment-methods';

/**
 * The simulated gateway's client-side call (what Stripe.js does): the card goes to the gateway,
 * which keeps brand and last4 and answers with a payment method id. A refused card answers 402
 * `{ message, code }`, and the message is what the user reads.
 */
export function createCardPaymentMethod(body: CardFieldsBody) {
  return apiRequest<PaymentMethodView>('/api/payments/simulated/payment-methods', {
    method: 'POST',
    body,
  });
}

const path = (id: string) => `/api/user/payment-methods/${encodeURIComponent(id)}`;

/** Every change refetches the list: the server decides the order and which card is default. */
function useCardMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}

export function useAddCard() {
  return useCardMutation(async (input: { card: CardFieldsBody; setAsDefault: boolean }) => {
    const method = await createCardPaymentMethod(input.card);
    return apiRequest<SavedPaymentMethod>('/api/user/payment-methods', {
      method: 'POST',
      body: { paymentMethodId: method.id, setAsDefault: input.setAsDefault },
    });
  });
}

export function useReplaceCard() {
  return useCardMutation(async (input: { id: string; card: CardFieldsBody }) => {
    const method = await createCardPaymentMethod(input.card);
    return apiRequest<SavedPaymentMethod>(path(input.id), {
      method: 'PUT',
      body: { newPaymentMethodId: method.id },
    });
  });
}

export function useSetDefaultCard() {
  return useCardMutation((id: string) => apiRequest(`${path(id)}/default`, { method: 'PATCH' }));
}

export function useDeleteCard() {
  return useCardMutation((id: string) => apiRequest(path(id), { method: 'DELETE' }));
}
