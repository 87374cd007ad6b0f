/**
 * A failure the caller should see: its message is shown to the user as is, so it uses the
 * spec's words. Anything else that is thrown becomes a logged 500 with a generic message.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly headers?: Record<string, string>,
    /** What failed underneath (a service we depend on): logged as a warning, never shown. */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

export const badRequest = (message: string, code?: string) => new AppError(400, message, code);
export const unauthorized = (message = 'You need to be logged in') =>
  new AppError(401, message, 'unauthorized');
export const forbidden = (message = 'You are not allowed to do that') =>
  new AppError(403, message, 'forbidden');
export const notFound = (message = 'Not found') => new AppError(404, message, 'not_found');
export const conflict = (message: string, code?: string) => new AppError(409, message, code);
export const tooLarge = (message: string) => new AppError(413, message, 'too_large');
export const unprocessable = (message: string, code?: string) => new AppError(422, message, code);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, 'rate_limited', { 'retry-after': String(retryAfterSeconds) });
/** Existed, and was taken down on purpose (a dare removed by a moderator). */
export const gone = (message: string, code?: string) => new AppError(410, message, code);
