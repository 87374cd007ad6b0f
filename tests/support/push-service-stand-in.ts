import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a push service received. */
export type ReceivedPush = {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
};

/** What the stand-in answers the next request with: a status, or no answer at all. */
export type PushServiceAnswer = number | 'hang';

/**
 * A push service stand-in (there is no real one without the internet): a real HTTP server on
 * 127.0.0.1 that records every request and answers 201 Created as RFC 8030 says, or what a
 * test queued (410 for an expired subscription, 500, 429, or never answering). Used with
 * PUSH_ALLOW_INSECURE_ENDPOINTS=true, the test-only switch that allows http and loopback.
 */
export async function startPushServiceStandIn() {
  const received: ReceivedPush[] = [];
  const answers: PushServiceAnswer[] = [];
  const hanging = new Set<import('node:http').ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      const answer = answers.shift() ?? 201;
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(answer, { location: `/message/${randomBytes(4).toString('hex')}` });
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    received,
    /** A new subscription's endpoint on this service; its path is the secret part. */
    endpoint: () => `${origin}/push/${randomBytes(12).toString('base64url')}`,
    /** The answers to the next requests, in order; then 201 again. */
    answerNext: (...next: PushServiceAnswer[]) => {
      answers.push(...next);
    },
    /** The requests to one endpoint. */
    to: (endpoint: string) => received.filter((r) => endpoint.endsWith(r.path)),
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type PushServiceStandIn = Awaited<ReturnType<typeof startPushServiceStandIn>>;
