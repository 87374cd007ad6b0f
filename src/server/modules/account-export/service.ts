import { ACCOUNT_EXPORTS_PER_HOUR } from '@/contracts/limits';
import type { AppContext } from '../../context';
import { unauthorized } from '../../lib/errors';
import { takeRateLimit } from '../../lib/rate-limit';
import { type SpooledFile, spoolFile } from './export-file';
import { readProfile } from './sections/profile';
import { writeAccountExport } from './write-export';

export type AccountExportFile = SpooledFile & { filename: string };

/**
 * The account's data as one JSON file (issue 20 item 5, DESIGN.md §9; decision 0047). Every
 * section is read in one read-only repeatable-read transaction, so the file is one consistent
 * snapshot (a pledge made meanwhile is in all of its places or in none).
 */
export async function exportAccount(
  ctx: AppContext,
  caller: { userId: number; sessionId: number },
): Promise<AccountExportFile> {
  await takeRateLimit(ctx.db, {
    key: `account-export:user:${caller.userId}`,
    limit: ACCOUNT_EXPORTS_PER_HOUR,
    windowSeconds: 60 * 60,
  });
  let filename = '';
  const file = await spoolFile((append) =>
    ctx.db.transaction(
      async (tx) => {
        const read = await readProfile(tx, caller.userId, ctx.config.publicUrl);
        // Deleted after the session was checked: nothing of theirs is left to send.
        if (!read) throw unauthorized();
        const { profile, at } = read;
        filename = exportFilename(profile, at);
        const scope = {
          userId: profile.id,
          email: profile.email,
          sessionId: caller.sessionId,
          publicUrl: ctx.config.publicUrl,
          now: at,
        };
        await writeAccountExport(tx, scope, profile, append);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    ),
  );
  return { ...file, filename };
}

/** darefund-export-<username, else id>-<UTC date>.json: only characters safe in a header. */
export function exportFilename(profile: { id: number; username: string }, at: Date) {
  // Usernames are [A-Za-z0-9_.] already (contracts/user.ts); older rows are not trusted to be.
  const handle = profile.username.replace(/[^A-Za-z0-9_.-]/g, '') || String(profile.id);
  return `darefund-export-${handle}-${at.toISOString().slice(0, 10)}.json`;
}
