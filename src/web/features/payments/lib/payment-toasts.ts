import { PLEDGE_MESSAGES } from '@/contracts/pledge-values';
import { toast } from '@/web/components/ui/toast-store';
import type { PaymentFailureStage } from '../hooks/use-card-payment';

let lastFailure: { dismiss: () => void } | null = null;

/**
 * A failed payment's toast (spec section 8) with the failure's words or the spec's default:
 * 'Payment Setup Error' when the payment could not even be set up, otherwise `title`
 * ('Payment Failed', or 'Funding failed' for a public dare's funding).
 */
export function toastPaymentFailed(
  message: string | null,
  stage: PaymentFailureStage = 'payment',
  title = 'Payment Failed',
) {
  lastFailure = toast({
    title: stage === 'setup' ? 'Payment Setup Error' : title,
    description: message || PLEDGE_MESSAGES.paymentFailed,
    variant: 'destructive',
  });
}

/** A new attempt starts: the last failure's toast must not sit over its buttons. */
export function dismissPaymentFailed() {
  lastFailure?.dismiss();
  lastFailure = null;
}

/** 'Payment Successful': the pledge is authorized and will be captured on completion. */
export function toastPledgeAuthorized(title: string = PLEDGE_MESSAGES.successTitle) {
  toast({ title, description: PLEDGE_MESSAGES.successBody });
}
