import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { toast } from '@/web/components/ui/toast-store';
import { fundingRequiredToast } from '../../lib/post-create-funding';

interface FundingDialogProps {
  /** Which step shows; focus moves into each new step. */
  step: string;
  title: string;
  description?: string;
  /** A public dare's funding cannot be dismissed: every attempt explains why instead. */
  locked: boolean;
  /** Escape or the close button on an unlocked dialog. */
  onDismiss: () => void;
  children: ReactNode;
}

/**
 * Where focus goes when a step appears: the element marked data-autofocus, else the chosen
 * amount (so arrow keys change it at once), else the sheet itself.
 */
function focusStep(content: HTMLElement | null) {
  if (!content) return;
  const target =
    content.querySelector<HTMLElement>('[data-autofocus]') ??
    content.querySelector<HTMLElement>('input[type="radio"]:checked') ??
    content;
  target.focus();
}

/** The sheet of the creator's pledge and funding steps, over the Create a New Dare sheet. */
export function FundingDialog(props: FundingDialogProps) {
  const { step, title, description, locked, onDismiss, children } = props;
  const content = useRef<HTMLDivElement>(null);
  const refuse = useCallback(() => toast(fundingRequiredToast), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes.
  useEffect(() => {
    // The previous step's focused button is gone; without this focus falls to the sheet.
    focusStep(content.current);
  }, [step]);

  return (
    <Dialog open onOpenChange={(open) => !open && (locked ? refuse() : onDismiss())}>
      {/* Every overlay of ui/dialog sits at z-40, under any open sheet (z-50), so the Create
          sheet below would stay bright. This dims it; taps fall through to Radix's overlay. */}
      {createPortal(
        <div
          aria-hidden="true"
          className="pointer-events-none fixed inset-0 z-50 animate-fade-in bg-black/60"
        />,
        document.body,
      )}
      <DialogContent
        ref={content}
        title={title}
        description={description}
        // A close button on a sheet that cannot be closed would only do nothing.
        hideClose={locked}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          focusStep(content.current);
        }}
        // A stray tap must not end the flow: it only explains itself on a locked dialog.
        onPointerDownOutside={(event) => {
          event.preventDefault();
          if (locked) refuse();
        }}
        onFocusOutside={(event) => event.preventDefault()}
      >
        {children}
      </DialogContent>
    </Dialog>
  );
}
