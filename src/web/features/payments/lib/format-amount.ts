import { centsToDollars, dollarsToCents } from '@/contracts/money';

// Built once: building an Intl formatter costs far more than formatting with one.
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

/** Always two decimals: "$0.00", "$1,234.50". */
export function formatExactAmount(dollars: number): string {
  return exact.format(centsToDollars(Math.round(dollarsToCents(dollars))));
}

/** The same for a dollar amount (the API's unit). */
export function formatAmount(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}
