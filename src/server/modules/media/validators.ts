import type { StoredObject } from '../../adapters/media/storage';

export type Validators = { etag: string; lastModified: string | null };

/**
 * A stored file's validators. Names are never reused (ADR 0003), so size and modification
 * time identify the bytes; the tag is strong, as byte ranges of it are served.
 */
export function validatorsFor(object: StoredObject): Validators {
  const modified = object.modifiedAt?.getTime();
  const tag = modified === undefined ? '' : `-${Math.floor(modified / 1000).toString(16)}`;
  return {
    etag: `"${object.size.toString(16)}${tag}"`,
    lastModified: object.modifiedAt?.toUTCString() ?? null,
  };
}

/**
 * Whether a Range may be honoured under `If-Range` (RFC 9110 13.1.5): only while the
 * validator still names these bytes, a strong tag equal to ours or exactly our
 * Last-Modified date. Anything else (another or a weak tag, another date) means the copy
 * the client has changed: the whole file is sent with 200.
 */
export function rangeStillApplies(
  ifRange: string | string[] | undefined,
  validators: Validators,
): boolean {
  if (ifRange === undefined) return true;
  // Sent twice: not one validator, so not a match.
  if (Array.isArray(ifRange)) return false;
  const value = ifRange.trim();
  if (value.startsWith('"')) return value === validators.etag;
  if (value.startsWith('W/') || validators.lastModified === null) return false;
  const date = Date.parse(value);
  return !Number.isNaN(date) && date === Date.parse(validators.lastModified);
}

type ConditionalHeaders = {
  'if-none-match'?: string | undefined;
  'if-modified-since'?: string | undefined;
};

/**
 * Whether a GET/HEAD may be answered 304 (RFC 9110 13.2.2): If-None-Match decides when
 * present (weak comparison, `*` matches); otherwise If-Modified-Since against Last-Modified.
 */
export function notModified(headers: ConditionalHeaders, validators: Validators): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    const wanted = opaque(validators.etag);
    return noneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
  }
  const since = headers['if-modified-since'];
  if (since === undefined || validators.lastModified === null) return false;
  const sinceMs = Date.parse(since);
  return !Number.isNaN(sinceMs) && Date.parse(validators.lastModified) <= sinceMs;
}
