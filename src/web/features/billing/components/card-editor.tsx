import type { SavedPaymentMethod } from '@/contracts/billing';
import type { PaymentConfig } from '@/contracts/pledges';
import { toast } from '@/web/components/ui/toast-store';
import { useAddCard, useReplaceCard } from '../api/manage-payment-methods';
import { CardForm } from './card-form';
import { useSaveStripeCard } from './save-stripe-card';

interface CardEditorProps {
  config: PaymentConfig;
  /** The saved card being replaced; null adds a new one. */
  replacing: SavedPaymentMethod | null;
  /** Back to the list, after saving or on Cancel. */
  onDone: () => void;
}

/**
 * Billing & Payment's add / replace view. The simulated gateway takes typed card fields;
 * with Stripe, the card goes from Stripe's Element to Stripe and only its id reaches us.
 */
export function CardEditor({ config, replacing, onDone }: CardEditorProps) {
  const add = useAddCard();
  const replace = useReplaceCard();
  const saveStripe = useSaveStripeCard();
  const mutation = config.provider === 'stripe' ? saveStripe : replacing ? replace : add;
  return (
    <CardForm
      config={config}
      offerDefault={!replacing}
      submitLabel={replacing ? 'Replace card' : 'Save card'}
      busy={mutation.isPending}
      serverError={mutation.error?.message ?? null}
      onCancel={onDone}
      onEdit={() => mutation.error && mutation.reset()}
      onSubmit={(card, setAsDefault) => {
        const done = {
          onSuccess: () => {
            toast({ title: replacing ? 'Card replaced' : 'Card added' });
            onDone();
          },
        };
        if (card.kind === 'stripe') {
          const { handle, cardholderName } = card;
          saveStripe.mutate(
            { handle, cardholderName, replaceId: replacing?.id ?? null, setAsDefault },
            done,
          );
        } else if (replacing) replace.mutate({ id: replacing.id, card: card.body }, done);
        else add.mutate({ card: card.body, setAsDefault }, done);
      }}
    />
  );
}
