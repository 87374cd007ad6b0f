import type { LiveEventData } from '@/contracts/live';
import type { Tx } from '../../db/client';
import { publishLive } from './publish';

/**
 * Tells each of `userIds` once, in the cause's transaction, that dare `dareId` changed, so
 * their open pages of it refresh (issue 19). Only for people no notification about the
 * change reaches: a notification names its dare already (notify.ts).
 */
export async function publishDareChanged(
  tx: Tx,
  dareId: number,
  userIds: ReadonlyArray<number | null>,
): Promise<void> {
  const data: LiveEventData['dare'] = { dareId };
  const recipients = new Set(userIds.filter((id): id is number => id !== null));
  await publishLive(
    tx,
    [...recipients].map((userId) => ({ userId, kind: 'dare' as const, data })),
  );
}
