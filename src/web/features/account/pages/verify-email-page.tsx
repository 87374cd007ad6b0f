import { CheckCircle2, LinkIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ACCOUNT_MESSAGES } from '@/contracts/account';
import { EMAIL_CHANGE_MESSAGES } from '@/contracts/account-security';
import { PageFallback } from '@/web/app/layout/page-fallback';
import { PageHeader } from '@/web/components/layout/page-header';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { useConfirmEmailChange, useVerifyEmail } from '../api/account-links';

/** /verify-email?token=: the link of the verification email posts its token once. */
export function VerifyEmailPage() {
  return (
    <EmailLinkPage
      useLink={useVerifyEmail}
      retry="Ask for a new link from the banner at the top of the app."
    />
  );
}

/** /confirm-email?token=: the link sent to a new address makes it the account's. */
export function ConfirmEmailPage() {
  return (
    <EmailLinkPage
      useLink={useConfirmEmailChange}
      retry="Ask for a new link from Security in your profile's menu."
    />
  );
}

type LinkHook = typeof useVerifyEmail | typeof useConfirmEmailChange;

/** Posts a link's token once and says how it went: both address links work the same way. */
function EmailLinkPage({ useLink, retry }: { useLink: LinkHook; retry: string }) {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const verify = useLink();
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
          title={failed ? failure(verify.error) : 'Your email address is verified'}
          description={failed ? retry : `Thanks: ${verify.data?.email} is confirmed.`}
          className="flex-1 justify-center"
          action={<Button onClick={() => navigate('/')}>Go to the feed</Button>}
        />
      ) : (
        <PageFallback />
      )}
    </div>
  );
}

/** A taken address is said as such; every other failure is the invalid link. */
const failure = (error: Error | null) =>
  error?.message === EMAIL_CHANGE_MESSAGES.taken ? error.message : ACCOUNT_MESSAGES.invalidLink;
