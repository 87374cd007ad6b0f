import { type Column, lt, type SQL } from 'drizzle-orm';

/**
 * `column <= now` for a time the database set (`DEFAULT now()`, microseconds) against the
 * app's clock (`Date`, milliseconds): a row written in this very millisecond holds a time a
 * few microseconds past `now`, yet it is due. So compare with the end of `now`'s millisecond.
 * Jobs and emails are sent right after they are queued; without this they would wait a tick.
 */
export function dueBy(column: Column, now: Date): SQL {
  return lt(column, new Date(now.getTime() + 1));
}
