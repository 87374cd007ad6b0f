import { useInfiniteQuery } from '@tanstack/react-query';
import { DARES_KEY } from './dare-cache';
import { darePageQuery } from './dare-page-query';

export const SAVED_DARES_KEY = [DARES_KEY, 'saved'] as const;

/** The viewer's saved dares, newest save first. */
export function useSavedDares(enabled = true) {
  return useInfiniteQuery({ ...darePageQuery(SAVED_DARES_KEY, `${DARES_KEY}/saved`), enabled });
}
