import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedPaymentMethod } from '@/contracts/billing';
import type { StripeCardHandle } from '@/web/features/payments/stripe/stripe-card-element';
import { apiRequest } from '@/web/lib/api-client';
import { paymentMethodsQueryKey } from '../api/get-payment-methods';

export type SaveStripeCardInput = {
  handle: StripeCardHandle;
  cardholderName: string;
  /** The saved card being replaced; null adds a new one. */
  replaceId: string | null;
  setAsDefault: boolean;
};

/**
 * Stripe mode's add / replace: the card goes from Stripe's Element to Stripe, and only the
 * payment method id it answers with reaches our server, through the same calls as the
 * simulated path (useAddCard / useReplaceCard). Stripe's refusal ("Your card number is
 * incomplete.") is the error's message, shown as the form's error.
 */
export function useSaveStripeCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SaveStripeCardInput) => {
      const method = await input.handle.createPaymentMethod(input.cardholderName);
      if (input.replaceId) {
        return apiRequest<SavedPaymentMethod>(
          `/api/user/payment-methods/${encodeURIComponent(input.replaceId)}`,
          { method: 'PUT', body: { newPaymentMethodId: method.id } },
        );
      }
      return apiRequest<SavedPaymentMethod>('/api/user/payment-methods', {
        method: 'POST',
        body: { paymentMethodId: method.id, setAsDefault: input.setAsDefault },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
