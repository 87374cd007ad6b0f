import type { SavedPaymentMethod } from '@/contracts/billing';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** "Visa", "Mastercard"; a brand the gateway could not tell reads as "Card". */
export function brandName(brand: string): string {
  return BRANDS[brand] ?? 'Card';
}

/** "12/31" */
export function formatExpiry(method: Pick<SavedPaymentMethod, 'expMonth' | 'expYear'>): string {
  const month = String(method.expMonth).padStart(2, '0');
  const year = String(method.expYear % 100).padStart(2, '0');
  return `${month}/${year}`;
}

/** "Visa •••• 4242" (screen readers say "Visa ending in 4242" via cardLabel). */
export function cardTitle(method: Pick<SavedPaymentMethod, 'brand' | 'last4'>): string {
  return `${brandName(method.brand)} •••• ${method.last4}`;
}

export function cardLabel(method: Pick<SavedPaymentMethod, 'brand' | 'last4'>): string {
  return `${brandName(method.brand)} ending in ${method.last4}`;
}
