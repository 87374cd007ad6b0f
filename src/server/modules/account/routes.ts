import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  emailSentSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  verifyEmailSchema,
} from '@/contracts/account';
import { apiErrorSchema } from '@/contracts/common';
import { currentUserSchema } from '@/contracts/user';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { setSessionCookie } from '../auth/session-cookie';
import { toCurrentUser } from '../users/user-views';
import { confirmPasswordReset, requestPasswordReset } from './password-reset';
import { resendVerificationEmail, verifyEmail } from './verify-email';

const errors = { 400: apiErrorSchema, 429: apiErrorSchema };

/** Email verification and password reset (issue 20 items 1-2, decision 0039). */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/account/verify-email',
      {
        schema: {
          summary: 'Verify the email address with the token of its link.',
          tags: ['Account'],
          body: verifyEmailSchema,
          response: { 200: currentUserSchema, ...errors },
        },
      },
      async (request) => {
        const user = await verifyEmail(ctx, request.body.token);
        const session = request.auth?.user.id === user.id ? request.auth.session : undefined;
        return toCurrentUser(ctx, user, session);
      },
    );

    app.post(
      '/account/verify-email/resend',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Send the verification email again.',
          tags: ['Account'],
          response: { 202: emailSentSchema, 401: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        await resendVerificationEmail(ctx, signedIn(request).user);
        return reply.status(202).send({ message: ACCOUNT_MESSAGES.verificationSent });
      },
    );

    app.post(
      '/password-reset',
      {
        schema: {
          summary: 'Ask for a password reset link (the same answer for unknown addresses).',
          tags: ['Account'],
          body: passwordResetRequestSchema,
          response: { 202: emailSentSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requestPasswordReset(ctx, request.body.email, request.ip);
        return reply.status(202).send({ message: ACCOUNT_MESSAGES.resetSent });
      },
    );

    app.post(
      '/password-reset/confirm',
      {
        schema: {
          summary: 'Set a new password with the token of a reset link, and sign in.',
          tags: ['Account'],
          body: passwordResetConfirmSchema,
          response: { 200: currentUserSchema, 403: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user, token, session } = await confirmPasswordReset(ctx, request.body, {
          sessionId: request.auth?.session.id,
          userAgent: request.headers['user-agent'],
        });
        setSessionCookie(reply, ctx.config, token, session);
        return toCurrentUser(ctx, user, session);
      },
    );
  };
}
