import { apiRequest } from '@/web/lib/api-client';
import { DARES_KEY } from './dare-cache';

const counted = new Set<number>();

/**
 * Counts a view of dare `id` once per page load (the server also counts each viewer once
 * a day). Fire and forget: a lost view is not worth bothering anyone about.
 */
export function recordDareView(id: number) {
  if (counted.has(id)) return;
  counted.add(id);
  apiRequest(`${DARES_KEY}/${id}/views`, { method: 'POST' }).catch(() => {
    counted.delete(id);
  });
}
