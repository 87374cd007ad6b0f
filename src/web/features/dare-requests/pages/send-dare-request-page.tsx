import { useLocation, useSearch } from 'wouter';
import { MAX_ID } from '@/contracts/common';
import { PageHeader } from '@/web/components/layout/page-header';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useRecipient } from '../api/get-recipient';
import { AuthRequired } from '../components/auth-required';
import { SendRequestForm } from '../components/send-request-form';

/** `?recipientId=` when it is a plausible user id, else null (the form asks for an email). */
function presetId(search: string): number | null {
  const value = Number(new URLSearchParams(search).get('recipientId'));
  return Number.isInteger(value) && value >= 1 && value <= MAX_ID ? value : null;
}

/** /send-dare-request: the standalone form ('Challenge Someone'). */
export function SendDareRequestPage() {
  const search = useSearch();
  return (
    <AuthRequired returnTo={`/send-dare-request${search ? `?${search}` : ''}`}>
      {() => <SendDareRequest recipientId={presetId(search)} />}
    </AuthRequired>
  );
}

function SendDareRequest({ recipientId }: { recipientId: number | null }) {
  const [, navigate] = useLocation();
  const recipient = useRecipient(recipientId);
  const back = () => (window.history.length > 1 ? window.history.back() : navigate('/profile'));
  return (
    <div className="min-h-full">
      <PageHeader title="Challenge Someone" subtitle="Send a dare request" backTo="/profile" />
      <div className="p-4">
        {recipientId !== null && recipient.isPending ? (
          <Skeleton className="h-96 w-full rounded-2xl" />
        ) : (
          <SendRequestForm
            // An unknown id falls back to asking for an email.
            recipient={recipient.data ?? null}
            onSent={() => navigate('/dare-requests?tab=sent')}
            onCancel={back}
          />
        )}
      </div>
    </div>
  );
}
