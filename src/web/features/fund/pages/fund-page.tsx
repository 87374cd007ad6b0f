import { CloudOff } from 'lucide-react';
import { useParams } from 'wouter';
import { PLEDGE_MESSAGES } from '@/contracts/pledge-values';
import { PageFallback } from '@/web/app/layout/page-fallback';
import { PageHeader } from '@/web/components/layout/page-header';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { useDare } from '@/web/features/dares/api/get-dare';
import { isApiError } from '@/web/lib/api-client';
import { FundDareNotFound } from '../components/fund-dare-not-found';
import { FundDareSummary } from '../components/fund-dare-summary';
import { FundForm } from '../components/fund-form';
import { FundLoginRedirect } from '../components/fund-login-redirect';

function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** /fund/{id}: back a dare with an amount of one's choosing (login required). */
export function FundPage() {
  const { id: raw } = useParams<{ id: string }>();
  const user = useCurrentUser();
  const id = parseId(raw);
  return (
    <>
      <PageHeader title="Fund Dare" backTo={id ? `/dares/${id}` : '/'} />
      {user.isPending ? (
        <PageFallback />
      ) : user.data === null ? (
        <FundLoginRedirect dareId={raw} />
      ) : (
        <Fund key={raw} id={id} />
      )}
    </>
  );
}

function Fund({ id }: { id: number | null }) {
  const dare = useDare(id ?? 0);
  if (id === null || isApiError(dare.error, 404)) return <FundDareNotFound />;
  if (dare.isPending) return <PageFallback />;
  if (dare.isError) {
    return (
      <EmptyState
        icon={CloudOff}
        title="Failed to fetch dare"
        description={dare.error.message}
        className="flex-1 justify-center"
        action={
          <Button variant="secondary" busy={dare.isFetching} onClick={() => void dare.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  const open = dare.data.status === 'pending' || dare.data.status === 'active';
  return (
    <div className="flex flex-col gap-6 px-4 py-5">
      <FundDareSummary dare={dare.data} />
      {open ? (
        <FundForm dare={dare.data} />
      ) : (
        <p role="status" className="rounded-2xl bg-surface-raised p-4 text-sm text-ink-muted">
          {PLEDGE_MESSAGES.notOpen}
        </p>
      )}
    </div>
  );
}
