import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamSchema } from '@/contracts/common';
import {
  pushSubscriptionBodySchema,
  pushSubscriptionIdSchema,
  vapidPublicKeySchema,
} from '@/contracts/push';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { deletePushSubscription, registerPushSubscription, vapidPublicKey } from './service';

const tags = ['Push'];

/** Web Push (issue 22 item 5, decision 0053): a device's subscription, and the server's key. */
export function pushRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/push-subscriptions',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Turn on push notifications for this browser (its PushSubscription)',
          tags,
          body: pushSubscriptionBodySchema,
          response: {
            200: pushSubscriptionIdSchema,
            201: pushSubscriptionIdSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            409: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const { user, session } = signedIn(request);
        const userAgent = request.headers['user-agent'] ?? null;
        const { id, created } = await registerPushSubscription(
          ctx,
          { userId: user.id, sessionId: session.id, userAgent },
          request.body,
        );
        return reply.code(created ? 201 : 200).send({ id });
      },
    );
    app.delete(
      '/push-subscriptions/:id',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Turn off push notifications for one of your browsers',
          tags,
          params: idParamSchema,
          response: {
            200: pushSubscriptionIdSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request) => deletePushSubscription(ctx, signedIn(request).user.id, request.params.id),
    );
    app.get(
      '/push/vapid-public-key',
      {
        schema: {
          summary: "The server's VAPID public key, the applicationServerKey to subscribe with",
          tags,
          response: { 200: vapidPublicKeySchema },
        },
      },
      async () => vapidPublicKey(ctx),
    );
  };
}
