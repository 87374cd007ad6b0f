import { type CheckOutcome, failed, passed } from './check-outcome';

type ProbeOptions = {
  /** Past this, the probe answers 'no answer within ...' (whatever it is still waiting for). */
  timeoutMs: number;
  /** A result is reused this long, so a burst of probes does one real check. */
  cacheMs?: number;
};

/**
 * Runs `check` for a readiness probe: bounded in time (a hung dependency answers 503 within
 * `timeoutMs` instead of hanging the load balancer's request), one at a time (probes that
 * come while a check runs share its result) and, with `cacheMs`, at most once per window.
 */
export function boundedProbe(check: () => Promise<void>, { timeoutMs, cacheMs = 0 }: ProbeOptions) {
  let cached: { at: number; outcome: CheckOutcome } | null = null;
  let running: Promise<CheckOutcome> | null = null;
  return (): Promise<CheckOutcome> => {
    // A monotonic clock: a wall-clock step (NTP) neither stretches nor skips the window.
    const age = cached ? performance.now() - cached.at : Number.NaN;
    if (cached && age >= 0 && age < cacheMs) return Promise.resolve(cached.outcome);
    running ??= settleWithin(check, timeoutMs).then((outcome) => {
      cached = { at: performance.now(), outcome };
      running = null;
      return outcome;
    });
    return running;
  };
}

async function settleWithin(check: () => Promise<void>, timeoutMs: number): Promise<CheckOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, reason: `no answer within ${timeoutMs / 1000} s` }),
      timeoutMs,
    );
  });
  // A check that settles after the deadline is ignored; its rejection is still handled.
  const outcome = Promise.resolve()
    .then(check)
    .then(() => passed, failed);
  try {
    return await Promise.race([outcome, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
