import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Button } from '@/web/components/ui/button';
import { useFocusReturn } from '@/web/components/ui/focus-return';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** The dismissing button (default 'Cancel'; e.g. 'Keep pledge' when the action is a cancel). */
  cancelLabel?: string;
  onConfirm: () => void;
  busy?: boolean;
  /** The confirming button's look: destructive (the default) or primary for a plain yes. */
  confirmVariant?: 'destructive' | 'primary';
  /** Where focus goes on close (back to the opener unless prevented: focus-return). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * An alert dialog (WAI-ARIA `alertdialog`) for a destructive step: focus starts on Cancel (the first button), a
 * click outside does not dismiss it, Escape cancels. Built on Radix Dialog, which traps focus;
 * focus-return gives it back to the button that opened it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  busy = false,
  confirmVariant = 'destructive',
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  const focusReturn = useFocusReturn({ onCloseAutoFocus });
  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-[60] bg-black/70 data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          role="alertdialog"
          {...focusReturn}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-[70] w-[calc(100%-2.5rem)] max-w-[340px] -translate-x-1/2 -translate-y-1/2 rounded-3xl border border-line bg-surface p-5 shadow-2xl data-[state=open]:animate-fade-in focus-visible:outline-none"
        >
          <DialogPrimitive.Title className="text-lg font-semibold text-ink">
            {title}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="mt-2 text-sm text-ink-muted">
            {description}
          </DialogPrimitive.Description>
          <div className="mt-5 flex gap-3">
            <Button
              variant="secondary"
              className="flex-1"
              disabled={busy}
              onClick={() => onOpenChange(false)}
            >
              {cancelLabel}
            </Button>
            <Button variant={confirmVariant} className="flex-1" busy={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
