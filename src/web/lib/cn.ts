import { type ClassValue, clsx } from 'clsx';

/** Joins class names; callers avoid passing conflicting Tailwind utilities. */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
