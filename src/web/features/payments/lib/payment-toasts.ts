import { PLEDGE_MESSAGES } from '@/contracts/pledge-values';
import { toast } from '@/web/components/ui/toast-store';

let lastFailure: { dismiss: () => void } | null = null;

/** 'Payment Failed' with the failure's words or the spec's default (section 8). */
export function toastPaymentFailed(message: string | null) {
  lastFailure = toast({
    title: 'Payment Failed',
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
