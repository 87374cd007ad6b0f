/** One answer of a polled probe; status 0 when no answer came (refused, reset, timed out). */
export type ProbeAnswer = { status: number; ms: number; body: unknown; at: number };

/**
 * Polls `url` continuously (one request at a time, `gapMs` apart) the way a load balancer
 * does, recording every answer with how long it took. `until` waits for an answer that
 * matches; `since` is what was answered after a mark.
 */
export function pollContinuously(url: string, { gapMs = 100, giveUpMs = 10_000 } = {}) {
  const answers: ProbeAnswer[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      let answer: ProbeAnswer;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(giveUpMs) });
        const body = await response.json().catch(() => null);
        answer = { status: response.status, ms: performance.now() - started, body, at: Date.now() };
      } catch {
        answer = { status: 0, ms: performance.now() - started, body: null, at: Date.now() };
      }
      answers.push(answer);
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
  })();
  return {
    answers,
    /** The index the next answer will have. */
    mark: () => answers.length,
    since: (mark: number) => answers.slice(mark),
    async until(
      matches: (answer: ProbeAnswer) => boolean,
      withinMs: number,
      from = answers.length,
    ) {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const found = answers.slice(from).find(matches);
        if (found) return found;
        if (Date.now() > deadline) {
          const last = answers.at(-1);
          throw new Error(
            `no matching answer within ${withinMs} ms; last: ${JSON.stringify(last)}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    /** Waits until `count` more answers came. */
    async next(count: number) {
      const target = answers.length + count;
      while (answers.length < target) await new Promise((resolve) => setTimeout(resolve, 50));
      return answers.slice(target - count, target);
    },
    async stop() {
      stopped = true;
      await loop;
    },
  };
}
