import { z } from 'zod';
import { pathId } from './common';

export const SESSION_MESSAGES = {
  notFound: 'Session not found',
} as const;

/** One signed-in browser of the account (GET /api/account/sessions). */
export const accountSessionSchema = z.object({
  id: z.number().int(),
  /** "Chrome on Android": from the browser's User-Agent when it signed in. */
  device: z.string(),
  browser: z.string(),
  system: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.object({ items: z.array(accountSessionSchema) });
export type AccountSessions = z.infer<typeof accountSessionsSchema>;

export const sessionParamsSchema = z.object({ id: pathId });

/** What ending sessions did: how many ended (0 when there were no others). */
export const endedSessionsSchema = z.object({ ended: z.number().int() });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;
