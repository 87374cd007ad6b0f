import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { USERNAME_MAX, USERNAME_MIN } from '@/contracts/limits';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** A readable base for a username from an email's local part: "Jane.Doe+x@…" → "jane.doe". */
export function usernameBase(email: string): string {
  const local = email.split('@')[0]?.split('+')[0] ?? '';
  let base = local
    .toLowerCase()
    .replace(/[^a-z0-9_.]/g, '')
    .replace(/^\.+|\.+$/g, '');
  if (base.length < USERNAME_MIN) base = `${base}user`.slice(0, USERNAME_MAX);
  return base.slice(0, USERNAME_MAX - 5);
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows.length > 0;
}

/** The base if free, else the base with a short number; the unique index settles races. */
export async function deriveUniqueUsername(db: Db, email: string): Promise<string> {
  const base = usernameBase(email);
  if (!(await isUsernameTaken(db, base))) return base;
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = `${base}${randomInt(10, attempt < 10 ? 1000 : 100000)}`;
    if (!(await isUsernameTaken(db, candidate))) return candidate;
  }
  return `${base}${Date.now().toString(36)}`.slice(0, USERNAME_MAX);
}
