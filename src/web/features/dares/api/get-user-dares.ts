import { useInfiniteQuery } from '@tanstack/react-query';
import { DARES_KEY } from './dare-cache';
import { darePageQuery } from './dare-page-query';

/** A person's dares, newest first. */
export function useUserDares(userId: number) {
  return useInfiniteQuery(
    darePageQuery([DARES_KEY, 'user', userId], `${DARES_KEY}/user/${userId}`),
  );
}
