import { useSyncExternalStore } from 'react';

/**
 * Whether this tab's event stream (GET /api/events) is open. While it is, lists refresh on
 * its events and polling slows to a safety net; when it is down, the spec's polling is back.
 */
let connected = false;
const listeners = new Set<() => void>();

export function setLiveConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const listener of listeners) listener();
}

export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => connected,
    () => false,
  );
}
