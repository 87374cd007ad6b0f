import { Button } from '@/web/components/ui/button';
import { useResendVerification } from '../api/account-links';

/**
 * Shown until the address is verified (issue 20): what was sent where, and a way to get a
 * new link. The result of Resend is announced (aria-live) where the button is.
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  const result = resend.isSuccess
    ? resend.data.message
    : resend.isError
      ? resend.error.message
      : '';
  return (
    <section
      aria-label="Email verification"
      className="flex flex-col gap-2 border-b border-line bg-surface-raised px-4 py-3 text-sm text-ink"
    >
      <p>
        Verify your email: we sent a link to <strong className="break-all">{email}</strong>
      </p>
      <div className="flex items-center gap-3">
        <Button size="sm" variant="outline" busy={resend.isPending} onClick={() => resend.mutate()}>
          Resend
        </Button>
        <p aria-live="polite" className="min-w-0 flex-1 text-ink-muted">
          {result}
        </p>
      </div>
    </section>
  );
}
