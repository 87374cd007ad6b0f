import { CheckCircle2, LinkIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ACCOUNT_MESSAGES } from '@/contracts/account';
import { PageFallback } from '@/web/app/layout/page-fallback';
import { PageHeader } from '@/web/components/layout/page-header';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { useVerifyEmail } from '../api/account-links';

/** /verify-email?token=: the link of the verification email posts its token once. */
export function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const verify = useVerifyEmail();
  const posted = useRef(false);
  useEffect(() => {
    // Once per page load: a second post of the same token would only be refused.
    if (posted.current) return;
    posted.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const failed = verify.isError;
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title="Verify email" />
      {verify.isSuccess || failed ? (
        <EmptyState
          icon={failed ? LinkIcon : CheckCircle2}
          title={failed ? ACCOUNT_MESSAGES.invalidLink : 'Your email address is verified'}
          description={
            failed
              ? 'Ask for a new link from the banner at the top of the app.'
              : `Thanks: ${verify.data?.email} is confirmed.`
          }
          className="flex-1 justify-center"
          action={<Button onClick={() => navigate('/')}>Go to the feed</Button>}
        />
      ) : (
        <PageFallback />
      )}
    </div>
  );
}
