/**
 * Money is integer cents everywhere inside; the API and the screens speak dollars
 * (DESIGN.md section 3). These are the only conversions.
 */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** True for a dollar amount with at most two decimals. */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}
