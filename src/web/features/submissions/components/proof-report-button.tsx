import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { ReportButton } from '@/web/features/reports/components/report-button';

/** 'Report proof' on a proof the viewer did not make (the taker never reports their own). */
export function ProofReportButton({ submission }: { submission: { id: number; userId: number } }) {
  const { data: user } = useCurrentUser();
  if (user?.id === submission.userId) return null;
  return (
    <ReportButton
      target={{ type: 'submission', id: submission.id }}
      label="Report proof"
      className="h-9 self-end px-2"
    >
      Report proof
    </ReportButton>
  );
}
