import { useEffect, useRef } from 'react';
import { type ToastOptions, toast } from '@/web/components/ui/toast-store';

const SENTINEL = 'darefund-leave-guard';
/** Guards mounted right now; the extra history entry is shared by all of them. */
let activeGuards = 0;

const isSentinel = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { guard?: unknown }).guard === SENTINEL;

const here = () => `${location.pathname}${location.search}${location.hash}`;

/** One extra entry at the same address, so Back lands on this page (wouter sees no change). */
function arm() {
  if (!isSentinel(history.state)) history.pushState({ guard: SENTINEL }, '', here());
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers only ask when returnValue is set.
  event.returnValue = '';
}

/**
 * While `active`, keeps the user on this page: closing or reloading the tab asks first
 * (beforeunload) and the back button stays put with `warning` as a toast. When the guard
 * ends, the extra entry is taken back off the history unless the page already replaced it
 * (navigate(to, { replace: true }) after success). That is deferred a tick, so a guard that
 * is re-armed at once (React's strict-mode remount) keeps its entry and shows no warning.
 */
export function useLeaveGuard(active: boolean, warning: ToastOptions) {
  const latestWarning = useRef(warning);
  latestWarning.current = warning;

  useEffect(() => {
    if (!active) return;
    const onPopState = () => {
      arm();
      toast(latestWarning.current);
    };
    activeGuards += 1;
    arm();
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('popstate', onPopState);
    return () => {
      activeGuards -= 1;
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('popstate', onPopState);
      setTimeout(() => {
        if (activeGuards === 0 && isSentinel(history.state)) history.back();
      }, 0);
    };
  }, [active]);
}
