import { Flag, Share2 } from 'lucide-react';
import type { DareView } from '@/contracts/dares';
import { Button } from '@/web/components/ui/button';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { useReportSheet } from '@/web/features/reports/components/use-report-sheet';

/** The detail page's header buttons: Share, and Report (not on one's own dare): two taps. */
export function DareHeaderActions({ dare, onShare }: { dare: DareView; onShare: () => void }) {
  const { data: user } = useCurrentUser();
  const report = useReportSheet();
  return (
    <div className="flex items-center">
      <Button variant="ghost" size="icon" aria-label="Share dare" onClick={onShare}>
        <Share2 className="size-5" aria-hidden="true" />
      </Button>
      {user?.id !== dare.creatorId && (
        <Button
          variant="ghost"
          size="icon"
          aria-label="Report dare"
          aria-haspopup="dialog"
          onClick={() => report.openReport({ type: 'dare', id: dare.id })}
        >
          <Flag className="size-5" aria-hidden="true" />
        </Button>
      )}
      {report.sheet}
    </div>
  );
}
