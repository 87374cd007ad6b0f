/**
 * When this process's job runner last finished a pass (job-runner.ts beats it after every
 * tick that reached the database). Readiness (/readyz) reads it: a runner that is stuck, or
 * was never started, leaves the queue undrained while the process still looks healthy.
 */
export type JobHeartbeat = {
  beat: () => void;
  /**
   * performance.now() of the last finished tick (a monotonic clock: a wall-clock step does
   * not age it); null while no runner has ticked in this process.
   */
  lastTickAt: () => number | null;
};

export function createJobHeartbeat(): JobHeartbeat {
  let last: number | null = null;
  return {
    beat() {
      last = performance.now();
    },
    lastTickAt: () => last,
  };
}
