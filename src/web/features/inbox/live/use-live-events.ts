import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveEventData } from '@/contracts/live';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { DARES_KEY } from '@/web/features/dares/api/dare-cache';
import { NOTIFICATIONS_KEY } from '@/web/features/notifications/api/notifications';
import { submissionsKey } from '@/web/features/submissions/api/submission-keys';
import { CONVERSATIONS_KEY } from '../api/get-conversations';
import { messagesKey } from '../api/get-messages';
import { setLiveConnected } from './live-status';

/** After the server refused the stream (too many tabs, signed out), try again this much later. */
const REOPEN_MS = 30_000;

/**
 * One EventSource per signed-in tab (DESIGN.md section 6). Its events refresh what they
 * concern (messages, notifications, and the dare a notification or dare event names); the browser reconnects by itself with Last-Event-ID, so nothing is missed. While
 * it is down the queries poll at the spec's intervals (see live-status).
 */
export function useLiveEvents() {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const userId = user?.id;
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const refresh = (queryKey: readonly unknown[]) =>
      void queryClient.invalidateQueries({ queryKey });
    const open = () => {
      source = new EventSource('/api/events');
      source.onopen = () => {
        setLiveConnected(true);
        // Whatever happened while polling was the only source: catch up once.
        refresh(CONVERSATIONS_KEY);
      };
      source.onerror = () => {
        setLiveConnected(false);
        if (source?.readyState === EventSource.CLOSED) {
          source = null;
          reopen = setTimeout(open, REOPEN_MS);
        }
      };
      source.addEventListener('message', (event) => {
        const data = JSON.parse(event.data) as LiveEventData['message'];
        refresh(messagesKey(data.conversationId));
        refresh(CONVERSATIONS_KEY);
      });
      source.addEventListener('unread', () => refresh(CONVERSATIONS_KEY));
      // A dare that changed (a pledge, a proof, its vote's outcome) is read again where it is
      // shown: the detail page with its pledgers and payment status, and its proofs.
      const refreshDare = (dareId: number | null) => {
        if (dareId === null) return;
        refresh([DARES_KEY, dareId]);
        refresh(submissionsKey(dareId));
      };
      source.addEventListener('notification', (event) => {
        refresh(NOTIFICATIONS_KEY);
        refreshDare((JSON.parse(event.data) as LiveEventData['notification']).dareId ?? null);
      });
      source.addEventListener('dare', (event) => {
        refreshDare((JSON.parse(event.data) as LiveEventData['dare']).dareId);
      });
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
      setLiveConnected(false);
    };
  }, [userId, queryClient]);
}

/** Mounted once by the app shell. */
export function LiveEvents() {
  useLiveEvents();
  return null;
}
