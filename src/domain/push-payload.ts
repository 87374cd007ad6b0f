// Relative: the server bundle and drizzle-kit load domain files without the `@/` alias.
import { PUSH_BODY_MAX, PUSH_TITLE_MAX } from '../contracts/limits';
import type { RenderedNotification } from './notification-text';

/**
 * What a push carries (decision 0053), encrypted to the browser, read by the service worker
 * (src/web/sw/push-handlers.ts): the words to show, the in-app path a tap opens, a tag (a
 * newer push with the same tag replaces the older on the screen) and, for a notification,
 * its id.
 */
export type PushPayload = {
  title: string;
  body: string;
  /** A path inside the app ('/dares/12', '/inbox/3'), never another site. */
  url: string;
  tag: string;
  notificationId?: number;
};

/** Cut to `max` characters (code points, so no emoji is split), with an ellipsis when cut. */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** A notification's push: its one line as the title, its second sentence as the body. */
export function notificationPush(id: number, rendered: RenderedNotification): PushPayload {
  return {
    title: cutText(rendered.text, PUSH_TITLE_MAX),
    body: cutText(rendered.detail, PUSH_BODY_MAX),
    url: rendered.href,
    tag: `notification-${id}`,
    notificationId: id,
  };
}

/**
 * A new message's push: the sender's name and the text. One tag per conversation, so a run
 * of messages shows as the newest one instead of a stack.
 */
export function messagePush(message: {
  conversationId: number;
  senderName: string;
  content: string;
}): PushPayload {
  return {
    title: cutText(`New message from ${message.senderName}`, PUSH_TITLE_MAX),
    body: cutText(message.content.replace(/\s+/g, ' ').trim(), PUSH_BODY_MAX),
    url: `/inbox/${message.conversationId}`,
    tag: `conversation-${message.conversationId}`,
  };
}

const PATH_MAX = 2048;

/**
 * `url` when it is a path of this app: starts with one '/', not '//' or a backslash that a
 * browser would read as another host ('/\\evil.example'), printable ASCII only (no spaces,
 * tabs or newlines, which browsers strip). The app's own links are all of this form.
 */
export function safeAppPath(url: unknown): string | null {
  if (typeof url !== 'string' || url.length === 0 || url.length > PATH_MAX) return null;
  if (url.startsWith('//')) return null;
  // '!' to '[' and ']' to '~': printable ASCII without the backslash.
  return /^\/[!-[\]-~]*$/.test(url) ? url : null;
}

/**
 * The service worker's reading of a push: the payload when it has the shape above (the
 * words cut to their limits, the url a path of this app, else '/'), or null.
 */
export function parsePushPayload(data: unknown): PushPayload | null {
  if (typeof data !== 'object' || data === null) return null;
  const value = data as Record<string, unknown>;
  if (typeof value.title !== 'string' || value.title.trim() === '') return null;
  const body = typeof value.body === 'string' ? value.body : '';
  const tag = typeof value.tag === 'string' && value.tag.length <= 64 ? value.tag : undefined;
  const notificationId =
    typeof value.notificationId === 'number' && Number.isInteger(value.notificationId)
      ? value.notificationId
      : undefined;
  return {
    title: cutText(value.title, PUSH_TITLE_MAX),
    body: cutText(body, PUSH_BODY_MAX),
    url: safeAppPath(value.url) ?? '/',
    tag: tag ?? 'darefund',
    ...(notificationId === undefined ? {} : { notificationId }),
  };
}
