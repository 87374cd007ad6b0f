import type { ToastOptions } from '@/web/components/ui/toast-store';

/** What answering a challenge says, from its invitation page or from Dare Requests alike. */
export const challengeAcceptedToast: ToastOptions = {
  title: 'Challenge accepted',
  description: 'You are the taker now. Submit your proof before the deadline.',
};

export const challengeDeclinedToast = (creatorName: string): ToastOptions => ({
  title: 'Challenge declined',
  description: `We let ${creatorName} know.`,
});
