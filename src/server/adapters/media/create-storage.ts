import { join } from 'node:path';
import type { Config } from '../../config';
import { LocalMediaStorage } from './local-storage';
import type { MediaStorage } from './storage';

/** S3-compatible storage when S3_BUCKET is set, else files under DATA_DIR/media. */
export async function createMediaStorage(
  config: Pick<Config, 'dataDir' | 's3'>,
): Promise<MediaStorage> {
  const { bucket, ...s3 } = config.s3;
  if (!bucket) return new LocalMediaStorage(join(config.dataDir, 'media'));
  // Loaded only when used: the AWS SDK adds ~0.3 s to every start otherwise.
  const { S3MediaStorage } = await import('./s3-storage');
  return new S3MediaStorage({ bucket, ...s3 });
}
