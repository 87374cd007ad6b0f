import { Ban, Flag } from 'lucide-react';
import { MoreMenuButton } from '@/web/components/ui/more-menu-button';
import { useLoginGate } from '@/web/features/dares/hooks/use-login-gate';
import { useReportSheet } from '@/web/features/reports/components/use-report-sheet';
import { useBlockAction } from './use-block-action';

interface PersonMenuProps {
  user: { id: number; username: string; displayName: string | null };
  /** Report account in the menu too (a conversation); a profile has its own Report button. */
  withReport?: boolean;
}

/**
 * Another person's ⋯ menu, on their profile and in a conversation with them (issue 21 items
 * 1 and 5): Block or Unblock after a confirm, and in a conversation Report account.
 */
export function PersonMenu({ user, withReport = false }: PersonMenuProps) {
  const name = user.displayName || `@${user.username}`;
  const { requireLogin } = useLoginGate();
  const report = useReportSheet();
  const block = useBlockAction({ id: user.id, name });
  const items = [
    ...(withReport
      ? [
          {
            label: 'Report account',
            icon: Flag,
            onSelect: () => report.openReport({ type: 'user', id: user.id }),
          },
        ]
      : []),
    {
      label: block.label,
      icon: Ban,
      tone: 'danger' as const,
      onSelect: () => {
        if (requireLogin(`Log in to ${block.label.toLowerCase()} people`)) block.ask();
      },
    },
  ];
  return (
    <>
      <MoreMenuButton
        label={`More options for @${user.username}`}
        items={items}
        triggerClassName="flex size-10 items-center justify-center rounded-full text-ink hover:bg-surface-raised data-[state=open]:bg-surface-raised"
        iconClassName="size-5"
      />
      {report.sheet}
      {block.dialog}
    </>
  );
}
