import http from 'node:http';
import https from 'node:https';
import { checkPushEndpoint } from '@/domain/push-endpoint';
import { PrivateAddressError, type Resolve, safeLookup } from './safe-lookup';

/** What web-push's generateRequestDetails makes: the encrypted, VAPID-signed request. */
export type PushRequestDetails = {
  endpoint: string;
  method: 'POST';
  headers: Record<string, string | number>;
  body: Buffer | null;
};

export type PushRequestOptions = {
  /** PUSH_ALLOW_INSECURE_ENDPOINTS: http and private addresses (the tests' stand-in). */
  allowInsecure: boolean;
  /** The whole exchange, connection to answer: past it the request is aborted (a failure). */
  timeoutMs: number;
  resolve: Resolve;
  /** The job runner stopping: the request is abandoned (and the job tried again later). */
  signal?: AbortSignal;
};

/** The push service's answer: only its status matters (RFC 8030: 201 Created). */
export type PushAnswer = { status: number };

/**
 * Sends one push request ourselves rather than through web-push's sendNotification, which
 * cannot be told where to connect: the endpoint's rules are checked again here (a row may
 * predate them), the socket connects only to public addresses it resolved itself
 * (safeLookup), redirects are not followed, and the whole exchange is bounded by
 * `timeoutMs`, so a push service that never answers is an error, not a hung job.
 */
export function sendPushRequest(
  details: PushRequestDetails,
  options: PushRequestOptions,
): Promise<PushAnswer> {
  const checked = checkPushEndpoint(details.endpoint, { allowInsecure: options.allowInsecure });
  if (!checked.ok) {
    return Promise.reject(new PrivateAddressError(`endpoint refused: ${checked.problem}`));
  }
  const url = checked.url;
  const client = url.protocol === 'https:' ? https : http;
  const headers = Object.fromEntries(
    Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
  );
  const timeout = AbortSignal.timeout(options.timeoutMs);
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: details.method,
        headers,
        lookup: safeLookup(options.resolve, options.allowInsecure),
        signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
        // One connection per push: nothing pooled outlives the check of its address.
        agent: false,
      },
      (response) => {
        // The body says nothing we act on; read it so the socket closes cleanly.
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', reject);
      },
    );
    request.on('error', (error) => {
      reject(
        timeout.aborted ? new PushTimeoutError(`no answer within ${options.timeoutMs} ms`) : error,
      );
    });
    request.end(details.body ?? undefined);
  });
}

export class PushTimeoutError extends Error {
  override name = 'PushTimeoutError';
}
