import type { FastifyInstance } from 'fastify';
import { registerUser } from './users';

/**
 * Two new accounts and the conversation the first starts with the second, through the API;
 * `send` posts a message into it as whoever's cookie it is given.
 */
export async function newConversation(
  app: FastifyInstance,
  names: { first?: string; second?: string } = {},
) {
  const ann = await registerUser(app, names.first ? { displayName: names.first } : {});
  const bo = await registerUser(app, names.second ? { displayName: names.second } : {});
  const started = await app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: { cookie: ann.cookie },
    payload: { participants: [bo.user.id] },
  });
  if (started.statusCode !== 201 && started.statusCode !== 200) {
    throw new Error(`starting a conversation: ${started.statusCode} ${started.body}`);
  }
  const id = started.json().id as number;
  const send = (cookie: string, content: string) =>
    app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      headers: { cookie },
      payload: { content },
    });
  return { ann, bo, id, send };
}
