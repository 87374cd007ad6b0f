import type { FastifyInstance } from 'fastify';

/** A valid POST /api/dare-requests body; pass recipientId or recipientEmail. */
export const requestBody = (overrides: Record<string, unknown> = {}) => ({
  dareTitle: 'Sing in the rain',
  dareDescription: 'A whole song, outside, while it pours.',
  targetAmount: 15,
  category: 'Social',
  contentRating: 'G',
  ...overrides,
});

export function dareRequestCalls(app: FastifyInstance) {
  return {
    send: (cookie: string | undefined, payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/dare-requests',
        payload,
        headers: cookie ? { cookie } : {},
      }),
    list: (cookie: string, type: 'received' | 'sent') =>
      app.inject({ url: `/api/dare-requests?type=${type}`, headers: { cookie } }),
    answer: (cookie: string | undefined, id: number, answer: 'accept' | 'decline') =>
      app.inject({
        method: 'POST',
        url: `/api/dare-requests/${id}/${answer}`,
        headers: cookie ? { cookie } : {},
      }),
  };
}
