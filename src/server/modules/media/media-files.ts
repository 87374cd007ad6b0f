import { eq } from 'drizzle-orm';
import type { MediaPurpose } from '@/contracts/media';
import { keyFromMediaUrl } from '../../adapters/media/storage';
import type { Db, Tx } from '../../db/client';
import { mediaFiles } from '../../db/schema';

/** Who stores a file and what for (decision 0031). */
export type MediaOwner = { userId: number; purpose: MediaPurpose };

/** Records a file just stored under `url` as `owner`'s upload. */
export async function recordMedia(db: Db | Tx, owner: MediaOwner, url: string): Promise<void> {
  const key = keyFromMediaUrl(url);
  if (!key) return;
  await db
    .insert(mediaFiles)
    .values({ key, uploaderId: owner.userId, purpose: owner.purpose })
    .onConflictDoNothing({ target: mediaFiles.key });
}

/** Who uploaded the file at `url` and what for; undefined for nobody's (demo, older files). */
export async function mediaFileOf(db: Db | Tx, url: string) {
  const key = keyFromMediaUrl(url);
  if (!key) return undefined;
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.key, key));
  return row;
}

/** Whether `url` is a file `userId` uploaded for one of `purposes`. */
export async function isUploadOf(
  db: Db | Tx,
  url: string,
  userId: number,
  purposes: readonly MediaPurpose[],
): Promise<boolean> {
  const file = await mediaFileOf(db, url);
  return file?.uploaderId === userId && purposes.includes(file.purpose);
}

export async function forgetMedia(db: Db, url: string): Promise<void> {
  const key = keyFromMediaUrl(url);
  if (key) await db.delete(mediaFiles).where(eq(mediaFiles.key, key));
}
