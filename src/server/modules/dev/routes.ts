import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserSchema } from '@/contracts/user';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { hashPassword } from '../auth/password';
import { setSessionCookie } from '../auth/session-cookie';
import { createSession } from '../auth/session-store';
import { toCurrentUser } from '../users/user-views';
import { deriveUniqueUsername, isUsernameTaken } from '../users/username';

export const DEV_TEST_ACCOUNT = {
  email: 'test@darefund.local',
  username: 'testuser',
  displayName: 'Test User',
  password: 'password123',
} as const;

/**
 * Development conveniences (DESIGN.md section 3). Registered only when NODE_ENV is
 * development, so a production server has none of these routes.
 */
export function devRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auto-login',
      { schema: { response: { 200: currentUserSchema } } },
      async (request, reply) => {
        let [user] = await ctx.db
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = ${DEV_TEST_ACCOUNT.email}`)
          .limit(1);
        if (!user) {
          [user] = await ctx.db
            .insert(users)
            .values({
              email: DEV_TEST_ACCOUNT.email,
              username: (await isUsernameTaken(ctx.db, DEV_TEST_ACCOUNT.username))
                ? await deriveUniqueUsername(ctx.db, DEV_TEST_ACCOUNT.email)
                : DEV_TEST_ACCOUNT.username,
              displayName: DEV_TEST_ACCOUNT.displayName,
              passwordHash: await hashPassword(DEV_TEST_ACCOUNT.password),
            })
            .onConflictDoNothing()
            .returning();
        }
        const { token, session } = await createSession(
          ctx,
          user!.id,
          true,
          request.headers['user-agent'],
        );
        setSessionCookie(reply, ctx.config, token, session);
        return toCurrentUser(ctx, user!, session);
      },
    );
  };
}
