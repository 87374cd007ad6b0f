import type { MessageView } from './conversations';

/**
 * What GET /api/events carries (Server-Sent Events, decision 0022). Each event's `id` is the
 * row id (reconnect with Last-Event-ID), its `event` the kind, its `data` one of these.
 */
export const LIVE_EVENT_KINDS = ['message', 'unread', 'notification', 'dare'] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

export type LiveEventData = {
  /** A new message in one of the user's conversations, and their inbox unread total. */
  message: { conversationId: number; message: MessageView; unreadCount: number };
  /** The user's inbox unread total changed (read in another tab). */
  unread: { conversationId: number; unreadCount: number };
  /**
   * A new notification, and the user's unread notification count; `dareId` names the dare it
   * is about (a pledge, a proof, an outcome), so a screen showing that dare refreshes it.
   */
  notification: { notificationId: number; unreadCount: number; dareId: number | null };
  /**
   * Dare `dareId` changed for someone no notification tells: its taker (when someone else
   * created it) hears of pledges and the goal, its creator that the challenge was accepted.
   */
  dare: { dareId: number };
};
