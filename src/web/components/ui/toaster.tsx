import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '@/contracts/limits';
import { cn } from '@/web/lib/cn';
import { dismissToast, useToasts } from './toast-store';

/** Renders the toast store; F8 (Radix's default hotkey) moves focus to the region. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={item.variant}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-11 shadow-2xl',
            'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
            'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            item.variant === 'destructive'
              ? 'border-red-400/40 bg-danger-strong text-white'
              : 'border-line bg-surface-raised text-ink',
          )}
        >
          <div className="min-w-0 flex-1">
            <ToastPrimitive.Title className="text-sm font-semibold">
              {item.title}
            </ToastPrimitive.Title>
            {item.description && (
              <ToastPrimitive.Description
                className={cn(
                  'mt-0.5 text-sm',
                  item.variant === 'destructive' ? 'text-red-50' : 'text-ink-muted',
                )}
              >
                {item.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute top-2.5 right-2.5 flex size-8 items-center justify-center rounded-full opacity-80 hover:bg-white/10 hover:opacity-100"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        className={cn(
          // Just under the screen's header (see styles.css), clear of every primary action.
          'toast-viewport pointer-events-none fixed inset-x-0 z-[100] mx-auto flex w-full max-w-[430px] flex-col gap-2 px-3 outline-none',
        )}
      />
    </ToastPrimitive.Provider>
  );
}
