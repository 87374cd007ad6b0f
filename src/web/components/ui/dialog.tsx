import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/web/lib/cn';
import { useFocusReturn } from './focus-return';
import { useRegisterOverlay } from './overlay-store';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** Hides the title visually; screen readers still announce it. */
  hideTitle?: boolean;
  /** No close button: for a sheet that cannot be dismissed (it would do nothing). */
  hideClose?: boolean;
}

/** Mounted only while the sheet is open (Radix unmounts closed content). */
function OpenOverlay() {
  useRegisterOverlay();
  return null;
}

/**
 * A sheet that rises from the bottom of the mobile column, with a title, an optional
 * description and a close button. While open it counts as an overlay (overlay-store), which
 * pauses the feed's video behind it. Closing gives the focus back to its opener (focus-return).
 */
export function DialogContent({
  title,
  description,
  hideTitle,
  hideClose,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const focusReturn = useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/70 data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[92dvh] w-full max-w-[430px] flex-col',
          'rounded-t-3xl border border-line bg-surface shadow-2xl data-[state=open]:animate-slide-up',
          'pb-[env(safe-area-inset-bottom)] focus-visible:outline-none',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
        {...focusReturn}
      >
        <OpenOverlay />
        <div className="flex items-start justify-between gap-3 px-5 pt-5 pb-3">
          <div className="min-w-0">
            <DialogPrimitive.Title
              className={cn('text-lg font-semibold text-ink', hideTitle && 'sr-only')}
            >
              {title}
            </DialogPrimitive.Title>
            {description && (
              <DialogPrimitive.Description className="mt-1 text-sm text-ink-muted">
                {description}
              </DialogPrimitive.Description>
            )}
          </div>
          {!hideClose && (
            <DialogPrimitive.Close
              aria-label="Close"
              className="-mr-2 flex size-10 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface-raised hover:text-ink"
            >
              <X className="size-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          )}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-5">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
