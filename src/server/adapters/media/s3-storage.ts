import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { contentTypeForExtension } from './media-types';
import {
  type ByteRange,
  type MediaStorage,
  StorageUnavailableError,
  type StoredObject,
} from './storage';

export type S3StorageOptions = {
  bucket: string;
  /** An S3-compatible service (MinIO, R2, ...); unset means AWS itself. */
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};

/** Media as objects in an S3-compatible bucket (DESIGN.md section 1, production). */
export class S3MediaStorage implements MediaStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    const custom = Boolean(options.endpoint);
    this.client = new S3Client({
      region: options.region ?? 'us-east-1',
      endpoint: options.endpoint,
      // Self-hosted services rarely have wildcard DNS for virtual-host bucket names.
      forcePathStyle: custom,
      // Many S3-compatible services reject the SDK's newer default checksums (CRC32
      // trailers on every upload); only send them where the API requires one.
      ...(custom
        ? {
            requestChecksumCalculation: 'WHEN_REQUIRED' as const,
            responseChecksumValidation: 'WHEN_REQUIRED' as const,
          }
        : {}),
      // Without explicit keys the SDK's default chain applies (env, instance role).
      ...(options.accessKeyId && options.secretAccessKey
        ? {
            credentials: {
              accessKeyId: options.accessKeyId,
              secretAccessKey: options.secretAccessKey,
            },
          }
        : {}),
    });
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    // Upload streams in parts (multipart above 5 MB), so a video is never held whole in
    // memory; a failed multipart upload is aborted, leaving no partial object.
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        // Keys are never reused (ADR 0003), so a CDN in front may cache forever.
        CacheControl: 'public, max-age=31536000, immutable',
      },
    });
    await unavailableOnFailure(upload.done());
  }

  async stat(key: string): Promise<StoredObject | null> {
    // As with local files, the key's extension (from sniffed bytes) decides the type.
    const contentType = contentTypeForExtension(key);
    if (!contentType) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType, modifiedAt: head.LastModified };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw new StorageUnavailableError(error);
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const object = await unavailableOnFailure(
      this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      ),
    );
    // In Node the SDK's body is an http.IncomingMessage, i.e. a Readable.
    return object.Body as Readable;
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for missing keys too, matching the local `rm --force`.
    await unavailableOnFailure(
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })),
    );
  }
}

/** Any failure of the service (unreachable, 5xx, refused) is storage being unavailable. */
async function unavailableOnFailure<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    throw new StorageUnavailableError(error);
  }
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' ||
      error.name === 'NoSuchKey' ||
      error.$metadata.httpStatusCode === 404)
  );
}
