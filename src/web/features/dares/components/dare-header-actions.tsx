import { Flag, Share2 } from 'lucide-react';
import type { DareView } from '@/contracts/dares';
import { Button } from '@/web/components/ui/button';
import { MoreMenuButton } from '@/web/components/ui/more-menu-button';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { useReportSheet } from '@/web/features/reports/components/use-report-sheet';

/** The detail page's header buttons: Share, and a ⋯ menu with Report (not on one's own dare). */
export function DareHeaderActions({ dare, onShare }: { dare: DareView; onShare: () => void }) {
  const { data: user } = useCurrentUser();
  const report = useReportSheet();
  const items =
    user?.id === dare.creatorId
      ? []
      : [
          {
            label: 'Report dare',
            icon: Flag,
            onSelect: () => report.openReport({ type: 'dare', id: dare.id }),
          },
        ];
  return (
    <div className="flex items-center">
      <Button variant="ghost" size="icon" aria-label="Share dare" onClick={onShare}>
        <Share2 className="size-5" aria-hidden="true" />
      </Button>
      <MoreMenuButton
        label="More options"
        items={items}
        triggerClassName="flex size-10 items-center justify-center rounded-full text-ink hover:bg-surface-raised data-[state=open]:bg-surface-raised"
        iconClassName="size-5"
      />
      {report.sheet}
    </div>
  );
}
