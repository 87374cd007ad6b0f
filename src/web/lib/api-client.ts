/** An error answer from the API; `message` follows the spec's generic rule (section 8). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * The message of a failed response: the JSON body's `message`, else the whole JSON body
 * as a string, else the response text, else the status text.
 */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const parsed = text ? parseJson(text) : { ok: false as const };
  let message: string;
  if (parsed.ok) {
    const { value } = parsed;
    const field =
      value !== null && typeof value === 'object' && 'message' in value ? value.message : undefined;
    message = typeof field === 'string' && field ? field : JSON.stringify(value);
  } else {
    message = text || response.statusText || `Request failed with status ${response.status}`;
  }
  return new ApiError(message, response.status, parsed.ok ? parsed.value : text);
}

/** What a request that got no answer says while the browser knows it is offline. */
export const OFFLINE_MESSAGE = "You're offline";

/** True while the browser reports no network (navigator.onLine; its 'online' event ends it). */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * A request that got no answer at all (offline, or the server out of reach). Its message is
 * for people: 'You're offline' rather than the browser's 'Failed to fetch' (issue 19).
 */
export class NetworkError extends Error {
  constructor() {
    super(noAnswerMessage());
    this.name = 'NetworkError';
  }
}

/** Why nothing came back: 'You're offline', or the server could not be reached. */
export function noAnswerMessage(): string {
  return isOffline()
    ? OFFLINE_MESSAGE
    : "Can't reach Darefund. Check your connection and try again.";
}

export const isNetworkError = (error: unknown): error is NetworkError =>
  error instanceof NetworkError;

/** A load failure's description: 'You're offline' when nothing came back, else `fallback`. */
export const loadFailureText = (error: unknown, fallback: string): string =>
  isNetworkError(error) ? error.message : fallback;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

/** Same-origin JSON request with the session cookie; resolves to the parsed body (undefined when empty). */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  let text: string;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal,
    });
    if (!response.ok) throw await errorFromResponse(response);
    if (response.status === 204) return undefined as T;
    text = await response.text();
  } catch (error) {
    // fetch rejects with a TypeError when no answer came; a cancelled request stays an abort.
    if (error instanceof TypeError && !signal?.aborted) throw new NetworkError();
    throw error;
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
