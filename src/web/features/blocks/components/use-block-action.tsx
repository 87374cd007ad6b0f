import { useState } from 'react';
import { toast } from '@/web/components/ui/toast-store';
import { ConfirmDialog } from '@/web/features/billing/components/confirm-dialog';
import { useIsBlocked } from '../api/get-blocks';
import { useSetBlock } from '../api/set-block';
import { blockCopy } from '../lib/block-copy';

/**
 * Block or Unblock another person, after a confirm (a profile's or a conversation's menu):
 * `blocked` says which it is, `ask()` opens the confirm, `dialog` is rendered beside the menu.
 * A refusal shows the server's words.
 */
export function useBlockAction(user: { id: number; name: string }) {
  const blocked = useIsBlocked(user.id);
  const setBlock = useSetBlock();
  const [open, setOpen] = useState(false);
  const copy = blockCopy(user.name, blocked);
  const confirm = () => {
    setBlock.mutate(
      { userId: user.id, block: !blocked },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: copy.done });
        },
        onError: (error) => {
          setOpen(false);
          toast({ title: copy.failed, description: error.message, variant: 'destructive' });
        },
      },
    );
  };
  const dialog = (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={copy.title}
      description={copy.description}
      confirmLabel={copy.confirmLabel}
      onConfirm={confirm}
      busy={setBlock.isPending}
    />
  );
  return { blocked, label: blocked ? 'Unblock' : 'Block', ask: () => setOpen(true), dialog };
}
