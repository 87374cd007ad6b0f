// A lean JSON client for load generators: node:http on keep-alive sockets. The benches run the
// load generator on the same two cores as the server and Postgres, so its own cost is taken
// from what it measures; undici's fetch spent about 2.4 ms of CPU per request in the pledge
// bench (a `top` of the run), node:http about a fifth of that.
import http from 'node:http';

export type JsonAnswer = { status: number; json: Record<string, unknown> };

/** POSTs `body` as JSON on `agent`'s sockets; resolves with the status and the parsed answer. */
export function postJson(
  agent: http.Agent,
  origin: string,
  path: string,
  body: unknown,
  cookie?: string,
): Promise<JsonAnswer> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${origin}${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          origin,
          ...(cookie ? { cookie } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            resolve({ status: response.statusCode ?? 0, json });
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** postJson that throws on an answer other than 2xx, with the server's message. */
export async function postJsonOk(
  agent: http.Agent,
  origin: string,
  path: string,
  body: unknown,
  cookie?: string,
): Promise<Record<string, unknown>> {
  const answer = await postJson(agent, origin, path, body, cookie);
  if (answer.status < 200 || answer.status > 299) {
    throw new Error(`${path} ${answer.status}: ${answer.json.message}`);
  }
  return answer.json;
}
