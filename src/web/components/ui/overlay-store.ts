import { useEffect, useSyncExternalStore } from 'react';

/**
 * How many dialogs are open right now. Whatever plays behind them (the feed's video) listens,
 * so no dialog has to know what it covers.
 */
let openCount = 0;
const listeners = new Set<() => void>();

function setOpenCount(next: number) {
  openCount = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => openCount > 0;

/** True while any dialog is open. */
export function useOverlayOpen(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Counts the calling component as an open dialog for as long as it is mounted. */
export function useRegisterOverlay() {
  useEffect(() => {
    setOpenCount(openCount + 1);
    return () => setOpenCount(openCount - 1);
  }, []);
}
