import { Writable } from 'node:stream';

/**
 * Everything an app logs, for tests that check what must never reach a log line (tokens,
 * passwords, addresses: DESIGN.md section 7). Pass `stream` as createTestApp's logStream and
 * LOG_LEVEL 'debug' so every line is written.
 */
export function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}
