import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { NotificationPage, NotificationView } from '@/contracts/notifications';
import { useOverlayOpen } from '@/web/components/ui/overlay-store';
import { toast, useToasts } from '@/web/components/ui/toast-store';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { NOTIFICATIONS_KEY, UNREAD_POLL_MS } from '@/web/features/notifications/api/notifications';
import { apiRequest } from '@/web/lib/api-client';
import { ACHIEVEMENTS_KEY, userStatsKey } from '../api/achievement-keys';

const PREFIX = 'Achievement Unlocked! ';
/** A mutation's unlock is written in its own transaction: looking right after it finds it. */
const AFTER_MUTATION_MS = 300;
const seenKey = (userId: number) => `darefund:achievement-toasts:${userId}`;

function lastSeen(userId: number): number {
  const value = Number(window.localStorage.getItem(seenKey(userId)));
  return Number.isFinite(value) ? value : 0;
}

/**
 * The 'Achievement Unlocked!' moment: watches the user's newest notifications (polled with
 * the bell, refreshed right after any of the user's actions) and toasts an unread
 * achievement_unlocked that this browser has not shown yet. It waits while a dialog is open
 * or another toast is up (only one shows at a time): after creating a first dare the user
 * sees 'Dare Created', then 'Achievement Unlocked!', neither hiding the other.
 */
export function AchievementUnlockToasts() {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const overlayOpen = useOverlayOpen();
  const shownUpTo = useRef<number | null>(null);
  const latest = useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'latest'],
    queryFn: ({ signal }) => apiRequest<NotificationPage>('/api/notifications?limit=5', { signal }),
    enabled: Boolean(user),
    staleTime: 0,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
  const { refetch } = latest;

  useEffect(() => {
    if (!user) return;
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      setTimeout(() => void refetch(), AFTER_MUTATION_MS);
    });
  }, [queryClient, refetch, user]);

  useEffect(() => {
    if (!user || !latest.data) return;
    shownUpTo.current ??= lastSeen(user.id);
    const fresh = latest.data.items.filter(
      (n: NotificationView) =>
        n.kind === 'achievement_unlocked' && !n.read && n.id > (shownUpTo.current ?? 0),
    );
    if (fresh.length === 0 || overlayOpen || toasts.some((t) => t.open)) return;
    const newest = fresh[0]!;
    const title = newest.text.startsWith(PREFIX) ? newest.text.slice(PREFIX.length) : newest.text;
    toast({
      title: 'Achievement Unlocked!',
      description:
        fresh.length > 1 ? `${title} and ${fresh.length - 1} more` : `${title}: ${newest.detail}`,
    });
    shownUpTo.current = newest.id;
    window.localStorage.setItem(seenKey(user.id), String(newest.id));
    void queryClient.invalidateQueries({ queryKey: ACHIEVEMENTS_KEY });
    void queryClient.invalidateQueries({ queryKey: userStatsKey(user.id) });
  }, [latest.data, toasts, overlayOpen, user, queryClient]);

  return null;
}
