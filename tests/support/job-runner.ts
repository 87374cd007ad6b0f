import type { FastifyInstance } from 'fastify';
import { createJobRunner, type JobRunner } from '@/server/jobs/job-runner';
import { eventually } from './eventually';

/**
 * A job runner on the app's context, as main.ts starts one (buildApp alone has none, and
 * /readyz fails its jobs check without it: decision 0050). Resolves after its first tick;
 * the caller stops it before closing the app.
 */
export async function startJobRunner(
  app: FastifyInstance,
  options: Parameters<typeof createJobRunner>[1] = {},
): Promise<JobRunner> {
  const before = app.ctx.jobHeartbeat.lastTickAt();
  const runner = createJobRunner(app.ctx, { pollMs: 1000, ...options });
  runner.start();
  await eventually(async () => app.ctx.jobHeartbeat.lastTickAt() !== before, 10_000);
  return runner;
}
