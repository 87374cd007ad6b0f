/** A minimal EventSource for tests: fetch with a streamed body, events parsed as they come. */
export type SseEvent = { id?: string; event: string; data: unknown };

export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  events: SseEvent[];
  /** Resolves with the first event (after those already taken) matching `test`. */
  next: (test?: (event: SseEvent) => boolean, timeoutMs?: number) => Promise<SseEvent>;
  /** Resolves when the server ends the stream (or close() aborts it). */
  ended: Promise<void>;
  close: () => void;
}> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  let taken = 0;
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    ended = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = new Map<string, string>();
            for (const line of block.split('\n')) {
              if (line.startsWith(':') || !line.includes(':')) continue;
              const at = line.indexOf(':');
              fields.set(line.slice(0, at), line.slice(at + 1).trimStart());
            }
            if (fields.has('data')) {
              events.push({
                id: fields.get('id'),
                event: fields.get('event') ?? 'message',
                data: JSON.parse(fields.get('data')!),
              });
              for (const wake of waiters) wake();
            }
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Aborted by close().
      }
    })();
  }
  const next = (test: (event: SseEvent) => boolean = () => true, timeoutMs = 5000) =>
    new Promise<SseEvent>((resolve, reject) => {
      const check = () => {
        while (taken < events.length) {
          const event = events[taken]!;
          taken += 1;
          if (test(event)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(event);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return { status: response.status, events, next, ended, close: () => abort.abort() };
}
