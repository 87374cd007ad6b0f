import { z } from 'zod';
import { id, isoDate, pathId, text } from './common';
import { MESSAGE_MAX, MESSAGE_PAGE_DEFAULT, MESSAGE_PAGE_MAX } from './limits';

/** The words of every refusal the inbox routes give (shown as they are). */
export const CONVERSATION_ERRORS = {
  notFound: 'Conversation not found',
  userNotFound: 'User not found',
  self: 'You cannot start a conversation with yourself',
  oneToOne: 'A conversation is between you and one other person',
  participants: 'Choose who to message',
  blank: 'Message cannot be empty',
  tooLong: `Message must be at most ${MESSAGE_MAX} characters`,
} as const;

/** What a conversation shows of each person in it: public info only. */
export const participantSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  profilePicture: z.string().nullable(),
});
export type Participant = z.infer<typeof participantSchema>;

export const lastMessageSchema = z.object({
  content: z.string(),
  senderId: z.number().int(),
  createdAt: isoDate,
});

/** One row of GET /api/conversations (spec section 3: the list view's additions). */
export const conversationViewSchema = z.object({
  id: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** Everyone in it, the caller included. */
  participants: z.array(participantSchema),
  lastMessage: lastMessageSchema.nullable(),
  /** Messages from the others the caller has not read yet. */
  unreadCount: z.number().int(),
});
export type ConversationView = z.infer<typeof conversationViewSchema>;
export const conversationListSchema = z.array(conversationViewSchema);

/** POST /api/conversations: the other person (the caller's own id may be listed too). */
export const createConversationSchema = z.object({
  participants: z
    .array(id, { error: CONVERSATION_ERRORS.participants })
    .min(1, CONVERSATION_ERRORS.participants)
    .max(2, CONVERSATION_ERRORS.oneToOne),
});
export type CreateConversationInput = z.infer<typeof createConversationSchema>;

export const messageViewSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  senderId: z.number().int(),
  content: z.string(),
  /** Own messages: every other participant has read it. Others' messages: the caller has. */
  read: z.boolean(),
  createdAt: isoDate,
  sender: participantSchema.omit({ id: true }),
});
export type MessageView = z.infer<typeof messageViewSchema>;

/**
 * GET /api/conversations/{id}/messages: the newest page first (what the chat opens on);
 * `cursor` is the previous answer's nextCursor and gives the page of older messages.
 * Items in a page are oldest first, the order they are shown in.
 */
export const messageListQuerySchema = z.object({
  cursor: pathId.optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_DEFAULT),
});
export type MessageListQuery = z.input<typeof messageListQuerySchema>;
export const messagePageSchema = z.object({
  items: z.array(messageViewSchema),
  /** Older messages exist: pass this as `cursor`. */
  nextCursor: z.string().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** POST /api/conversations/{id}/messages: trimmed, never blank, at most 2,000 characters. */
export const sendMessageSchema = z.object({
  content: text('Message', CONVERSATION_ERRORS.blank)
    .trim()
    .min(1, CONVERSATION_ERRORS.blank)
    .max(MESSAGE_MAX, CONVERSATION_ERRORS.tooLong),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** POST /api/conversations/{id}/read answers the caller's unread total across conversations. */
export const inboxUnreadSchema = z.object({ unreadCount: z.number().int() });
export type InboxUnread = z.infer<typeof inboxUnreadSchema>;
