/**
 * The pledge contract's plain values, without zod, so screens that only show a message do
 * not load zod with their first paint (contracts/pledges.ts re-exports them; see
 * dare-values.ts).
 */
export const PLEDGE_MESSAGES = {
  minimum: 'Minimum pledge is $5',
  invalidAmount: 'Please enter a valid pledge amount',
  twoDecimals: 'Amounts can have at most 2 decimals',
  loginRequired: 'You need to be logged in to pledge',
  authRequired: 'Please log in to make a pledge',
  createFailed: 'Failed to create pledge',
  dareNotFound: 'Dare not found',
  notOpen: 'This dare is not accepting pledges anymore',
  expired: 'This dare has ended',
  pledgeNotFound: 'Pledge not found',
  amountMismatch: 'The amount does not match the pledge',
  intentFailed: 'Failed to create payment intent',
  alreadyAuthorized: 'This pledge has already been paid',
  pledgeClosed: 'This pledge can no longer be paid',
  paymentFailed: 'There was an error processing your payment',
  cardDetails: 'Please fill in all card details',
  successTitle: 'Payment Successful',
  successBody: 'Your pledge has been authorized. It will be captured when the dare is completed.',
  fundingRequired: 'Complete your $5 payment to make your public dare live.',
  publicLive: 'Your public dare is now live and visible in the feed!',
  createdButFailed: 'Payment succeeded but dare creation failed. Please contact support.',
  cancelClosed: 'Pledges can only be cancelled while the dare is still funding or active',
  cancelFinished: 'This pledge can no longer be cancelled',
  cancelled: 'The hold on your card was released.',
  cancelFailed: 'Could not cancel the pledge. Please try again.',
} as const;
