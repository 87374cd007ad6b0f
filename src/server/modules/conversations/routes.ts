import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamSchema } from '@/contracts/common';
import {
  conversationListSchema,
  conversationViewSchema,
  createConversationSchema,
  inboxUnreadSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageViewSchema,
  sendMessageSchema,
} from '@/contracts/conversations';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import {
  getMessages,
  listConversations,
  readConversation,
  sendMessage,
  startConversation,
} from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/**
 * The inbox's writes change nothing a feed page shows: they keep the shared feed caches (a
 * busy inbox would otherwise empty them many times a second, issue 23).
 */
const keepsFeed = { auth: 'user' as const, keepsFeedCaches: true };

/** The inbox (spec section 7): conversations, their messages and the read mark. */
export function conversationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/conversations',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'The conversations of the signed-in user, latest first.',
          tags: ['Conversations'],
          response: { 200: conversationListSchema, ...errors },
        },
      },
      async (request) => listConversations(ctx.db, signedIn(request).user.id),
    );

    app.post(
      '/conversations',
      {
        config: keepsFeed,
        schema: {
          summary: 'Start a conversation with a person (201 new, 200 existing).',
          tags: ['Conversations'],
          body: createConversationSchema,
          response: { 200: conversationViewSchema, 201: conversationViewSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = signedIn(request);
        const result = await startConversation(ctx, user.id, request.body.participants);
        return reply.status(result.created ? 201 : 200).send(result.conversation);
      },
    );

    app.get(
      '/conversations/:id/messages',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'A page of the messages of a conversation.',
          tags: ['Conversations'],
          params: idParamSchema,
          querystring: messageListQuerySchema,
          response: { 200: messagePageSchema, ...errors },
        },
      },
      async (request) =>
        getMessages(ctx, signedIn(request).user.id, request.params.id, request.query),
    );

    app.post(
      '/conversations/:id/messages',
      {
        config: keepsFeed,
        schema: {
          summary: 'Send a message in a conversation.',
          tags: ['Conversations'],
          params: idParamSchema,
          body: sendMessageSchema,
          response: { 201: messageViewSchema, 429: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = signedIn(request);
        const message = await sendMessage(ctx, user, request.params.id, request.body.content);
        return reply.status(201).send(message);
      },
    );

    app.post(
      '/conversations/:id/read',
      {
        config: keepsFeed,
        schema: {
          summary: 'Mark a conversation read; answers the unread count of the inbox.',
          tags: ['Conversations'],
          params: idParamSchema,
          response: { 200: inboxUnreadSchema, ...errors },
        },
      },
      async (request) => readConversation(ctx, signedIn(request).user.id, request.params.id),
    );
  };
}
