// Query keys only (no hooks, no fetching): the page's first-screen seeding in the entry
// bundle imports them without pulling the payout hooks in (src/web/app/initial-data.ts).
export const connectStatusQueryKey = ['/api/stripe/connect-status'] as const;
export const waitingPayoutsQueryKey = ['/api/payouts/waiting'] as const;
