import type { SavedPaymentMethod } from '@/contracts/billing';
import { brandName } from '../lib/card-display';

/**
 * "Visa •••• 4242" to see (screen readers get cardLabel's words instead), shown whole: a long
 * brand such as American Express wraps on a narrow phone, keeping "•••• 0005" together.
 */
export function CardTitle({ method }: { method: Pick<SavedPaymentMethod, 'brand' | 'last4'> }) {
  return (
    <span aria-hidden="true">
      {brandName(method.brand)} <span className="whitespace-nowrap">•••• {method.last4}</span>
    </span>
  );
}
