import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import { PUSH_REQUEST_TIMEOUT_MS, PUSH_TTL_SECONDS } from '@/contracts/limits';
import { endpointHost } from '@/domain/push-endpoint';
import type { AppContext } from '../../context';
import { pushSubscriptions } from '../../db/schema';
import type { JobHandler } from '../../jobs/runner';
import { type PushCause, pushContent } from './push-content';
import { PushTimeoutError, sendPushRequest } from './push-request';
import { PrivateAddressError, type Resolve, systemResolve } from './safe-lookup';

export const SEND_PUSH_JOB = 'send-push';

/** A 'send-push' job's payload: one subscription, and the notification or message to push. */
export type SendPushPayload = { subscriptionId: number } & PushCause;

export type SendPushOptions = {
  timeoutMs?: number;
  /** Tests answer names themselves (a name that resolves to 127.0.0.1). */
  resolve?: Resolve;
  signal?: AbortSignal;
};

/**
 * How one push ended: sent (2xx), nothing to send (the subscription or its cause is gone),
 * gone (404/410: the browser unsubscribed; the row is deleted), refused (the endpoint is not
 * public, checked after resolving its name: the row is deleted), dropped (another 4xx: a
 * bad request will not get better by trying again).
 */
export type PushOutcome = 'sent' | 'nothing' | 'gone' | 'refused' | 'dropped';

/** A retryable failure: 429, 5xx, no answer in time, or the network. The job tries again. */
export class PushRetryError extends Error {
  override name = 'PushRetryError';
}

/**
 * Sends one push (decision 0053): the notification or message is read and rendered now,
 * encrypted (aes128gcm, RFC 8291) and VAPID-signed (RFC 8292) by web-push, and sent by
 * sendPushRequest (address checks, timeout). Log lines name the push service's host only:
 * the endpoint's path is as good as a credential.
 */
export async function sendPush(
  ctx: AppContext,
  job: SendPushPayload,
  options: SendPushOptions = {},
): Promise<PushOutcome> {
  const [subscription] = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, job.subscriptionId));
  if (!subscription) return 'nothing';
  const content = await pushContent(ctx.db, subscription.userId, job);
  if (!content) return 'nothing';

  const { vapid, allowInsecureEndpoints } = ctx.config.push;
  const details = webPush.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    JSON.stringify(content.payload),
    {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      urgency: content.urgency,
      contentEncoding: 'aes128gcm',
      ...(content.topic ? { topic: content.topic } : {}),
    },
  );
  const log = { pushHost: endpointHost(subscription.endpoint), subscriptionId: subscription.id };
  const recordFailure = () =>
    ctx.db
      .update(pushSubscriptions)
      .set({ lastFailureAt: new Date() })
      .where(eq(pushSubscriptions.id, subscription.id));

  let status: number;
  try {
    ({ status } = await sendPushRequest(
      {
        endpoint: subscription.endpoint,
        method: 'POST',
        headers: details.headers as Record<string, string | number>,
        body: details.body,
      },
      {
        allowInsecure: allowInsecureEndpoints,
        timeoutMs: options.timeoutMs ?? PUSH_REQUEST_TIMEOUT_MS,
        resolve: options.resolve ?? systemResolve,
        signal: options.signal,
      },
    ));
  } catch (error) {
    if (error instanceof PrivateAddressError) {
      ctx.log.warn(log, 'push endpoint refused: not a public address; subscription deleted');
      await deleteSubscription(ctx, subscription.id);
      return 'refused';
    }
    await recordFailure();
    const reason =
      error instanceof PushTimeoutError
        ? error.message
        : `network error ${(error as NodeJS.ErrnoException).code ?? ''}`.trim();
    throw new PushRetryError(`push to ${log.pushHost} failed: ${reason}`);
  }

  if (status >= 200 && status < 300) {
    await ctx.db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: new Date() })
      .where(eq(pushSubscriptions.id, subscription.id));
    return 'sent';
  }
  if (status === 404 || status === 410) {
    ctx.log.info({ ...log, status }, 'push subscription expired; deleted');
    await deleteSubscription(ctx, subscription.id);
    return 'gone';
  }
  await recordFailure();
  if (status === 429 || status >= 500) {
    throw new PushRetryError(`push to ${log.pushHost} answered ${status}`);
  }
  ctx.log.warn({ ...log, status }, 'push refused by the push service; not retried');
  return 'dropped';
}

async function deleteSubscription(ctx: AppContext, id: number) {
  await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** The job handler: a thrown PushRetryError is retried with the runner's backoff. */
export function sendPushJob(options: Omit<SendPushOptions, 'signal'> = {}): JobHandler {
  return async (job, env) => {
    const payload = job.payload as Partial<SendPushPayload>;
    if (!Number.isInteger(payload.subscriptionId)) {
      throw new Error('payload.subscriptionId must be an integer');
    }
    try {
      return await sendPush(env.ctx, payload as SendPushPayload, {
        ...options,
        signal: env.signal,
      });
    } catch (error) {
      // Stopped for shutdown mid-request: not a real try.
      if (env.signal.aborted) return 'interrupted';
      throw error;
    }
  };
}
