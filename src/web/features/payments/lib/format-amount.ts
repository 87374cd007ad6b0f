import { centsToDollars, dollarsToCents } from '@/contracts/money';

const whole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const exact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 2000 → "$20", 1250 → "$12.50", 120000 → "$1,200": cents shown only when there are some. */
export function formatCents(cents: number): string {
  const rounded = Math.round(cents);
  return rounded % 100 === 0
    ? whole.format(centsToDollars(rounded))
    : exact.format(centsToDollars(rounded));
}

/** The same for a dollar amount (the API's unit). */
export function formatAmount(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}
