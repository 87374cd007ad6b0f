import { randomBytes } from 'node:crypto';
import type { MediaStorage } from '../../adapters/media/storage';
import { CheckFailure, failureReason } from './check-outcome';

/**
 * Writes and deletes a tiny object, the cheapest proof that uploads can be stored (local
 * disk full or read-only, S3 credentials or bucket gone). Each process has its own key, so
 * instances sharing the storage never delete each other's probe.
 */
export function storageWriteProbe(storage: MediaStorage): () => Promise<void> {
  const key = `readiness/${randomBytes(8).toString('hex')}.txt`;
  const step = async (what: string, action: () => Promise<void>) => {
    try {
      await action();
    } catch (error) {
      throw new CheckFailure(`cannot ${what}: ${failureReason(error)}`, { cause: error });
    }
  };
  return async () => {
    await step('write', () => storage.put(key, Buffer.from('ready\n'), 'text/plain'));
    await step('delete', () => storage.delete(key));
  };
}
