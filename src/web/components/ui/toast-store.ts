import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT } from '@/contracts/limits';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastOptions {
  id: number;
  open: boolean;
}

/** Long enough for the exit animation to finish before the toast leaves the list. */
const REMOVE_DELAY_MS = 400;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setToasts(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/**
 * Shows a toast from anywhere (components, mutation callbacks, plain modules). Only
 * TOAST_LIMIT toasts are kept: a new one replaces the oldest.
 */
export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  const item: ToastItem = { variant: 'default', ...options, id, open: true };
  setToasts([item, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes one toast, or all of them when no id is given. */
export function dismissToast(id?: number) {
  setToasts(
    toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)),
  );
  setTimeout(() => {
    setToasts(toasts.filter((item) => item.open || (id !== undefined && item.id !== id)));
  }, REMOVE_DELAY_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => toasts;

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
