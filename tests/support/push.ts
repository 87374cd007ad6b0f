import type { FastifyInstance } from 'fastify';
import { defaultJobHandlers, type PeriodicJob } from '@/server/jobs/handlers';
import { runDueJobs, type TickReport } from '@/server/jobs/runner';
import { SEND_PUSH_JOB, type SendPushOptions, sendPushJob } from '@/server/modules/push/send-push';
import { newPushSubscriber, type PushSubscriber } from './push-subscriber';

/**
 * Turns push on for a signed-in browser the way the web app does: a subscriber with its own
 * keys (a browser's), POSTed to /api/push-subscriptions. Returns the subscriber (to decrypt
 * what is pushed to it), the endpoint and the subscription's id.
 */
export async function registerPushDevice(
  app: FastifyInstance,
  cookie: string,
  endpoint: string,
  userAgent?: string,
): Promise<{ subscriber: PushSubscriber; endpoint: string; id: number }> {
  const subscriber = newPushSubscriber();
  const response = await app.inject({
    method: 'POST',
    url: '/api/push-subscriptions',
    headers: { cookie, ...(userAgent ? { 'user-agent': userAgent } : {}) },
    payload: subscriber.subscription(endpoint),
  });
  if (response.statusCode !== 201) throw new Error(`push register: ${response.body}`);
  return { subscriber, endpoint, id: response.json().id };
}

const NO_PERIODIC: readonly PeriodicJob[] = [];

/**
 * One runner tick over the due jobs (no periodic ones), with the push handler given
 * `options` (a short timeout, a resolver of the test's own), at `now`.
 */
export function runPushJobs(
  app: FastifyInstance,
  options: Omit<SendPushOptions, 'signal'> = {},
  now = new Date(),
): Promise<TickReport> {
  return runDueJobs(app.ctx, {
    workerId: 'push-test',
    now,
    limit: 50,
    periodic: NO_PERIODIC,
    handlers: { ...defaultJobHandlers, [SEND_PUSH_JOB]: sendPushJob(options) },
  });
}
