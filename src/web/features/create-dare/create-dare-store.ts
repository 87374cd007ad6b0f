import { useSyncExternalStore } from 'react';

/**
 * Whether the Create a New Dare dialog is open. A module store (like the toasts) because
 * the bottom navigation opens it from any screen and the /dare page opens it too.
 */
let open = false;
const listeners = new Set<() => void>();

export function setCreateDareOpen(next: boolean) {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => open;

export function useCreateDareOpen(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
