import { randomUUID } from 'node:crypto';
import { dataUrlByteLength, decodeDataUrl, isDataUrl } from '../../adapters/media/data-url';
import {
  contentTypeForExtension,
  type MediaKind,
  sniffMediaType,
} from '../../adapters/media/media-types';
import { keyFromMediaUrl, mediaUrl, posterKeyForVideoKey } from '../../adapters/media/storage';
import type { AppContext } from '../../context';
import { badRequest, tooLarge } from '../../lib/errors';
import { forgetMedia, type MediaOwner, recordMedia } from './media-files';

type ImageRules = { maxBytes: number; tooLargeMessage: string; invalidMessage: string };

/** Stores bytes that must be of one kind under a fresh server-generated name, as `owner`'s. */
export async function storeMedia(
  ctx: AppContext,
  bytes: Buffer,
  kind: MediaKind,
  invalidMessage: string,
  owner: MediaOwner,
): Promise<string> {
  const type = sniffMediaType(bytes);
  if (!type || type.kind !== kind) throw badRequest(invalidMessage, 'invalid_file');
  const key = `${kind}s/${randomUUID()}.${type.extension}`;
  await ctx.storage.put(key, bytes, type.contentType);
  await recordMedia(ctx.db, owner, mediaUrl(key));
  return mediaUrl(key);
}

/**
 * Resolves an image field of a request: a data URL becomes a stored file (`owner`'s), our
 * own current address is kept, null clears it. Anything else is refused.
 */
export async function resolveImageField(
  ctx: AppContext,
  value: string | null,
  current: string | null,
  rules: ImageRules,
  owner: MediaOwner,
): Promise<string | null> {
  if (value === null || value === '') return null;
  if (value === current) return current;
  if (!isDataUrl(value)) throw badRequest(rules.invalidMessage, 'invalid_file');
  if (dataUrlByteLength(value) > rules.maxBytes) throw tooLarge(rules.tooLargeMessage);
  const bytes = decodeDataUrl(value);
  if (!bytes) throw badRequest(rules.invalidMessage, 'invalid_file');
  return storeMedia(ctx, bytes, 'image', rules.invalidMessage, owner);
}

/** Best effort: a leftover file costs disk, not correctness. */
export async function deleteMedia(ctx: AppContext, url: string | null | undefined) {
  const key = url ? keyFromMediaUrl(url) : undefined;
  if (!url || !key) return;
  await ctx.storage
    .delete(key)
    .catch((error) => ctx.log.warn({ error, key }, 'media delete failed'));
  await forgetMedia(ctx.db, url);
}

/**
 * Whether an address is one of our uploaded files of this kind that still exists: an
 * outside or temporary (blob:) address would leave a dare or proof without a playable video.
 */
export async function isOwnMedia(ctx: AppContext, url: string, kind: MediaKind): Promise<boolean> {
  const key = keyFromMediaUrl(url);
  if (!key || !contentTypeForExtension(key)?.startsWith(`${kind}/`)) return false;
  return (await ctx.storage.stat(key)) !== null;
}

/** The poster the upload made for this video, if there is one. */
export async function posterOf(ctx: AppContext, videoUrl: string): Promise<string | null> {
  const key = keyFromMediaUrl(videoUrl);
  const posterKey = key ? posterKeyForVideoKey(key) : undefined;
  return posterKey && (await ctx.storage.stat(posterKey)) ? mediaUrl(posterKey) : null;
}
