import { type FormEvent, useId, useState } from 'react';
import { MODERATION_REASON_MAX } from '@/contracts/limits';
import {
  MODERATION_MESSAGES,
  type ModerationAction,
  type ModerationQueueItem,
} from '@/contracts/moderation';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Textarea } from '@/web/components/ui/input';
import { toast } from '@/web/components/ui/toast-store';
import { useModerationAction } from '../api/moderation-action';
import { actionWords, TARGET_NAMES } from '../lib/moderation-actions';
import { suspensionUntil } from '../lib/suspension-date';
import { SuspensionChoice, type SuspensionLength } from './suspension-choice';

interface ModerationActionDialogProps {
  item: ModerationQueueItem;
  /** The action being confirmed; null while the dialog is closed. */
  action: ModerationAction | null;
  onClose: () => void;
}

/** The reason (and for a suspension, how long) behind one decision on a queue card. */
export function ModerationActionDialog({ item, action, onClose }: ModerationActionDialogProps) {
  const words = action ? actionWords(action, item) : null;
  return (
    <Dialog open={action !== null} onOpenChange={(open) => !open && onClose()}>
      {action && words && (
        <DialogContent
          title={words.title(TARGET_NAMES[item.targetType], item.owner?.username ?? '')}
          description="The reason goes into the audit log; nobody can change it later."
        >
          <ActionForm item={item} action={action} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

/** Mounted each time the dialog opens, so every decision starts from an empty reason. */
function ActionForm({
  item,
  action,
  onDone,
}: {
  item: ModerationQueueItem;
  action: ModerationAction;
  onDone: () => void;
}) {
  const id = useId();
  const send = useModerationAction();
  const [reason, setReason] = useState('');
  const [length, setLength] = useState<SuspensionLength>({ kind: 'until', date: '' });
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [dateError, setDateError] = useState<string | undefined>();
  const words = actionWords(action, item);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Once: a second press while the first is on its way does nothing.
    if (send.isPending) return;
    const trimmed = reason.trim();
    const missingReason = trimmed ? undefined : MODERATION_MESSAGES.reasonRequired;
    setReasonError(missingReason);
    let until: string | null | undefined;
    if (action === 'suspend') {
      const chosen = length.kind === 'forGood' ? { until: null } : suspensionUntil(length.date);
      setDateError('error' in chosen ? chosen.error : undefined);
      if ('error' in chosen) return;
      until = chosen.until;
    }
    if (missingReason) return;
    try {
      await send.mutateAsync({
        action,
        targetType: item.targetType,
        targetId: item.targetId,
        reason: trimmed,
        ...(until === undefined ? {} : { until }),
      });
      toast({ title: words.done });
      onDone();
    } catch {
      // The error stays in the dialog (below), where the moderator can try again.
    }
  };

  const reasonId = `${id}-reason`;
  const describedBy = [reasonError ? `${reasonId}-error` : null, `${reasonId}-count`]
    .filter(Boolean)
    .join(' ');
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField
        id={reasonId}
        label="Reason"
        error={reasonError}
        aside={
          <span id={`${reasonId}-count`} className="text-xs text-ink-muted tabular-nums">
            {reason.length}/{MODERATION_REASON_MAX}
          </span>
        }
      >
        <Textarea
          id={reasonId}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (event.target.value.trim()) setReasonError(undefined);
          }}
          required
          aria-required="true"
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={describedBy}
          maxLength={MODERATION_REASON_MAX}
          rows={3}
          placeholder="Which rule, and what you saw"
        />
      </FormField>
      {action === 'suspend' && (
        <SuspensionChoice value={length} onChange={setLength} error={dateError} />
      )}
      {send.isError && (
        <p
          role="alert"
          className="rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm text-ink"
        >
          {send.error.message}
        </p>
      )}
      <div className="flex gap-3">
        <DialogClose asChild>
          <Button variant="outline" className="flex-1" disabled={send.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button
          type="submit"
          variant={words.danger ? 'destructive' : 'primary'}
          busy={send.isPending}
          className="flex-1"
        >
          {words.button}
        </Button>
      </div>
    </form>
  );
}
