import { Link2Off } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { PageHeader } from '@/web/components/layout/page-header';
import { buttonClasses } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { toast } from '@/web/components/ui/toast-store';
import { RequireAuth } from '@/web/features/auth/components/require-auth';
import { PayoutOnboardingForm } from '../components/payout-onboarding-form';
import { onboardingReturnPath } from '../lib/payout-navigation';

/**
 * /payouts/onboarding?account=…&return=…: where the simulated gateway's onboarding link leads.
 * `return` only ever takes the user to a path on this site.
 */
export function PayoutOnboardingPage() {
  const params = new URLSearchParams(useSearch());
  const accountId = params.get('account');
  const returnTo = onboardingReturnPath(params.get('return'));
  const [, navigate] = useLocation();

  return (
    <RequireAuth>
      {() => (
        <>
          <PageHeader
            title="Set up payouts"
            subtitle="Verify your payout account"
            backTo={returnTo}
          />
          <div className="flex flex-1 flex-col px-5 py-5">
            {accountId ? (
              <>
                <p className="mb-5 text-sm text-ink-muted">
                  Tell us where to send the money from dares you complete. Once verified, payouts
                  are sent automatically.
                </p>
                <PayoutOnboardingForm
                  accountId={accountId}
                  onVerified={() => {
                    toast({
                      title: 'Payouts set up',
                      description: 'Your payout account is verified.',
                    });
                    navigate(returnTo, { replace: true });
                  }}
                />
              </>
            ) : (
              <EmptyState
                icon={Link2Off}
                title="This setup link is incomplete"
                description="Start again from your profile."
                action={
                  <Link href={returnTo} className={buttonClasses('secondary')}>
                    Back to profile
                  </Link>
                }
              />
            )}
          </div>
        </>
      )}
    </RequireAuth>
  );
}
