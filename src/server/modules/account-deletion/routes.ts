import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountDeletedSchema, deleteAccountSchema } from '@/contracts/account-deletion';
import { apiErrorSchema } from '@/contracts/common';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { clearSessionCookie } from '../auth/session-cookie';
import { deleteAccount } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** Deleting one's own account (issue 20 item 4). */
export function accountDeletionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.delete(
      '/account',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Delete this account (needs the password).',
          tags: ['Account'],
          body: deleteAccountSchema,
          response: { 200: accountDeletedSchema, ...errors },
        },
      },
      async (request, reply) => {
        const caller = { userId: signedIn(request).user.id, ip: request.ip };
        const answer = await deleteAccount(ctx, caller, request.body);
        // The session ended with the account; the browser forgets its cookie too.
        clearSessionCookie(reply, ctx.config);
        return answer;
      },
    );
  };
}
