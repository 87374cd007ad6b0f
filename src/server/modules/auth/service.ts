import { eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type loginSchema, MESSAGES, type registerSchema } from '@/contracts/auth';
import { REGISTRATIONS_PER_ADDRESS_PER_HOUR } from '@/contracts/limits';
import { suspensionMessage } from '@/domain/suspension-message';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { conflict, forbidden, unauthorized } from '../../lib/errors';
import { uniqueViolation } from '../../lib/pg-errors';
import { takeRateLimit } from '../../lib/rate-limit';
import { sendVerificationEmail } from '../account/verify-email';
import { deriveUniqueUsername } from '../users/username';
import type { DeviceClaim } from './device-cookie';
import { endSessions } from './end-sessions';
import { releaseLoginAttempt, reserveLoginAttempt, throttleKeys } from './login-throttle';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { createSession } from './session-store';

type RegisterInput = z.output<typeof registerSchema>;
type LoginInput = z.output<typeof loginSchema>;
type ClientInfo = { ip: string; userAgent?: string };
/** Login also reads the browser's device cookie (device-cookie.ts), if it sent one. */
type LoginClient = ClientInfo & { device: DeviceClaim | null };

export async function register(ctx: AppContext, input: RegisterInput, client: ClientInfo) {
  // Before anything else: each account would multiply every per-account budget.
  await takeRateLimit(ctx.db, {
    key: `registrations:ip:${client.ip}`,
    limit: REGISTRATIONS_PER_ADDRESS_PER_HOUR,
    windowSeconds: 60 * 60,
  });
  const existing = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`)
    .limit(1);
  if (existing.length > 0) throw conflict(MESSAGES.emailTaken, 'email_taken');

  const passwordHash = await hashPassword(input.password);
  // A concurrent registration can take the derived username; derive again in that case.
  for (let attempt = 0; ; attempt++) {
    const username = await deriveUniqueUsername(ctx.db, input.email);
    try {
      // The account and its verification email exist together (DESIGN.md section 9).
      const user = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ email: input.email, username, passwordHash, displayName: input.displayName })
          .returning();
        await sendVerificationEmail(tx, ctx, row!);
        return row;
      });
      // New accounts stay signed in like a default login (remember me is on by default).
      const { token, session } = await createSession(ctx, user!.id, true, client.userAgent);
      return { user: user!, token, session };
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'users_email_lower_key')
        throw conflict(MESSAGES.emailTaken, 'email_taken');
      if (constraint !== 'users_username_lower_key' || attempt >= 3) throw error;
    }
  }
}

/** The same answer for an unknown account and a wrong password. */
export async function login(
  ctx: AppContext,
  input: LoginInput,
  client: LoginClient,
  previousSessionId?: number,
) {
  const identifier = input.email.toLowerCase();
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(
      or(sql`lower(${users.email}) = ${identifier}`, sql`lower(${users.username}) = ${identifier}`),
    )
    .limit(1);
  // Reserve the attempt before the (slow) hash check, so parallel guesses cannot all run.
  const keys = throttleKeys(identifier, user?.id, client.ip, client.device);
  await reserveLoginAttempt(ctx, keys);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await burnPasswordCheck(input.password).then(() => false);
  if (!user || !valid) throw unauthorized(MESSAGES.invalidCredentials);

  await releaseLoginAttempt(ctx, keys);
  // Only after the password proved who it is: a guess must not learn that an account is
  // suspended (issue 21 item 4). The browser's earlier session is left as it was.
  const suspended = suspensionMessage(user);
  if (suspended) throw forbidden(suspended);
  // Rotate: a login never reuses the session the browser arrived with.
  if (previousSessionId) await endSessions(ctx, { sessionIds: [previousSessionId] });
  const { token, session } = await createSession(ctx, user.id, input.rememberMe, client.userAgent);
  return { user, token, session };
}

export async function findUserById(ctx: AppContext, id: number) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}
