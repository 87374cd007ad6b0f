import { z } from 'zod';

/**
 * What the load balancer's probes read (decision 0050). Liveness: the process serves until
 * shutdown begins. Readiness: every dependency a request needs answers.
 */
export const healthSchema = z.object({ status: z.enum(['ok', 'shutting down']) });
export type Health = z.infer<typeof healthSchema>;

/** Each check says 'ok', or 'failing: <why>' in words that carry no secret. */
export const READINESS_CHECKS = ['database', 'migrations', 'storage', 'jobs'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

export const readinessSchema = z.object({
  status: z.enum(['ready', 'unready', 'shutting down']),
  checks: z.object({
    database: z.string(),
    migrations: z.string(),
    storage: z.string(),
    jobs: z.string(),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
