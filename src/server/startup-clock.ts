/**
 * Step timings of a start (decision 0057): what a first `npm start` spends where, one log
 * line at the end, e.g. `{ database: 412, migrations: 9, seed: 350, ... }` in ms. Wall time
 * from the process's start, so the bundle's loading shows too.
 */
export function startupClock() {
  const steps: Record<string, number> = { process: Math.round(performance.now()) };
  let last = performance.now();
  return {
    /** Ends the step called `name` now. */
    step(name: string) {
      const now = performance.now();
      steps[name] = Math.round(now - last);
      last = now;
    },
    summary(): Record<string, number> {
      return { ...steps, total: Math.round(performance.now()) };
    },
  };
}
