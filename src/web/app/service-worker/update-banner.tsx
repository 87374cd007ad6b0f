import { RefreshCw, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/web/components/ui/button';

interface UpdateBannerProps {
  /** Has the waiting worker take over; the page then reloads once. */
  onReload: () => Promise<void>;
  onDismiss: () => void;
}

/**
 * 'A new version is available' with Reload, at the top just under the screen's header, where
 * toasts show (--header-bottom: use-toast-clearance), clear of the feed's Pledge buttons and
 * the navigation at the bottom. The status region is in the page before its words are, so
 * screen readers announce them; Reload and Dismiss are ordinary buttons, reached with Tab.
 */
export function UpdateBanner({ onReload, onDismiss }: UpdateBannerProps) {
  const [shown, setShown] = useState(false);
  const [reloading, setReloading] = useState(false);
  useEffect(() => setShown(true), []);

  const reload = () => {
    setReloading(true);
    onReload().catch(() => setReloading(false));
  };

  return (
    <section
      aria-label="App update"
      className="pointer-events-none fixed inset-x-0 top-[calc(max(var(--header-bottom,0px),env(safe-area-inset-top))+0.5rem)] z-[35] mx-auto flex w-full max-w-[430px] px-3"
    >
      <div
        className={
          shown
            ? 'pointer-events-auto flex w-full animate-toast-in items-center gap-3 rounded-2xl border border-line bg-surface-raised py-2.5 pr-2 pl-4 shadow-lg shadow-black/50'
            : 'sr-only'
        }
      >
        <RefreshCw className="size-5 shrink-0 text-accent" aria-hidden="true" />
        <p role="status" className="min-w-0 flex-1 text-sm font-semibold text-ink">
          {shown ? 'A new version is available' : ''}
        </p>
        {shown && (
          <>
            <Button size="sm" busy={reloading} onClick={reload}>
              Reload
            </Button>
            <Button size="icon" variant="ghost" aria-label="Dismiss" onClick={onDismiss}>
              <X className="size-5" aria-hidden="true" />
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
