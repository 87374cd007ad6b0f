import {
  type InfiniteData,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { FollowPage, FollowState } from '@/contracts/follows';
import type { UserProfile } from '@/contracts/user';
import { toast } from '@/web/components/ui/toast-store';
import { currentUserQueryKey } from '@/web/features/auth/api/get-current-user';
import { apiRequest } from '@/web/lib/api-client';
import { USERS_KEY, userProfileKey } from './user-keys';

export function setFollow(userId: number, follow: boolean) {
  return follow
    ? apiRequest<FollowState>('/api/follows', { method: 'POST', body: { followedId: userId } })
    : apiRequest<FollowState>(`/api/follows/${userId}`, { method: 'DELETE' });
}

type Snapshot = Array<[readonly unknown[], unknown]>;

/** Every cached profile and follow-list row of `userId`, toggled to `follow`. */
function applyFollow(queryClient: QueryClient, userId: number, follow: boolean) {
  queryClient.setQueryData<UserProfile>(userProfileKey(userId), (profile) =>
    profile && profile.isFollowing !== follow
      ? {
          ...profile,
          isFollowing: follow,
          followerCount: Math.max(0, profile.followerCount + (follow ? 1 : -1)),
        }
      : profile,
  );
  queryClient.setQueriesData<InfiniteData<FollowPage>>(
    { queryKey: [USERS_KEY], predicate: (query) => query.queryKey.length === 3 },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((row) =>
            row.id === userId ? { ...row, isFollowing: follow } : row,
          ),
        })),
      },
  );
}

/**
 * Follow or unfollow at once on every screen showing that person, put it back if the
 * server refuses (toast 'Error' with its message), then refresh both people's counts and
 * lists: the followed user's followers and the viewer's own following.
 */
export function useFollowUser(userId: number) {
  const queryClient = useQueryClient();
  const scopeId = `follow:${userId}`;
  /** This one plus any tap queued behind it (a mutation counts until its callbacks ran). */
  const queued = () =>
    queryClient.isMutating({ predicate: (mutation) => mutation.options.scope?.id === scopeId });
  return useMutation({
    // Taps on one person's button flip the label at once (onMutate) but reach the server in
    // order, so follow, unfollow, follow ends followed whatever the network does.
    scope: { id: scopeId },
    mutationFn: ({ follow }: { follow: boolean }) => setFollow(userId, follow),
    onMutate: async ({ follow }) => {
      await queryClient.cancelQueries({ queryKey: [USERS_KEY] });
      const before: Snapshot = queryClient.getQueriesData({ queryKey: [USERS_KEY] });
      applyFollow(queryClient, userId, follow);
      return { before };
    },
    onSuccess: (state) => {
      // A later tap is queued: its answer settles the counts, this one would undo its flip.
      if (queued() > 1) return;
      queryClient.setQueryData<UserProfile>(
        userProfileKey(state.followedId),
        (profile) =>
          profile && {
            ...profile,
            isFollowing: state.isFollowing,
            followerCount: state.followerCount,
            followingCount: state.followingCount,
          },
      );
    },
    onError: (error, _variables, context) => {
      if (queued() <= 1) {
        for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      }
      toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
    },
    onSettled: () => {
      // Re-read once the last queued tap is answered, not under a flip still on its way.
      if (queued() > 1) return;
      void queryClient.invalidateQueries({ queryKey: [USERS_KEY] });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
