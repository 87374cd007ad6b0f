import { Mail } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/toast-store';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { useSendTestEmail } from '../api/send-test-email';

/**
 * The spec's email-test box on Discover: any signed-in user, development builds only
 * (`import.meta.env.DEV`, like the automatic test login, so production bundles drop it).
 */
export function TestEmailBox() {
  if (!import.meta.env.DEV) return null;
  return <DevTestEmailBox />;
}

function DevTestEmailBox() {
  const { data: user } = useCurrentUser();
  const send = useSendTestEmail();
  if (!user) return null;

  const onSend = () => {
    if (!user.email) {
      toast({
        title: 'Error',
        description: 'Your account has no email address',
        variant: 'destructive',
      });
      return;
    }
    send.mutate(undefined, {
      onSuccess: (result) => {
        if (!result.success) {
          toast({
            title: 'Failed to send email',
            description: result.message,
            variant: 'destructive',
          });
          return;
        }
        toast({
          title: 'Test email sent',
          description: result.message || `Sent to ${result.preview.to}`,
        });
      },
      onError: () =>
        toast({
          title: 'Error',
          description: 'An unexpected error occurred while sending the test email',
          variant: 'destructive',
        }),
    });
  };

  return (
    <section
      aria-label="Test Email"
      className="flex w-full min-w-0 basis-full items-center gap-3 rounded-2xl bg-black/45 px-3 py-2 text-white backdrop-blur-sm"
    >
      <Mail className="size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">Test Email</p>
        <p className="truncate text-xs text-white/80">Send a test email to {user.email}</p>
      </div>
      <Button size="sm" onClick={onSend} disabled={send.isPending}>
        {send.isPending && <Spinner />}
        {send.isPending ? 'Sending...' : 'Send'}
      </Button>
    </section>
  );
}
