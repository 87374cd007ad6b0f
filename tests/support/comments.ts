import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CommentView } from '@/contracts/social';
import { dares } from '@/server/db/schema';

const withCookie = (cookie?: string) => (cookie ? { cookie } : {});

/** Comment calls against a test app, for the social integration tests. */
export function commentApi(app: FastifyInstance) {
  const post = (dareId: number, cookie: string | undefined, payload: object) =>
    app.inject({
      method: 'POST',
      url: `/api/dares/${dareId}/comments`,
      payload,
      headers: withCookie(cookie),
    });

  return {
    post,
    /** Adds a comment that must succeed, and returns its view. */
    async add(dareId: number, cookie: string, content: string, parentId?: number) {
      const response = await post(dareId, cookie, { content, parentId });
      if (response.statusCode !== 201) throw new Error(`comment failed: ${response.body}`);
      return response.json() as CommentView;
    },
    async list(dareId: number, cookie?: string, query = ''): Promise<CommentView[]> {
      const response = await app.inject({
        url: `/api/dares/${dareId}/comments${query}`,
        headers: withCookie(cookie),
      });
      if (response.statusCode !== 200) throw new Error(`list failed: ${response.body}`);
      return response.json();
    },
    remove: (id: number, cookie?: string) =>
      app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: withCookie(cookie) }),
    like: (id: number, cookie?: string, method: 'POST' | 'DELETE' = 'POST') =>
      app.inject({ method, url: `/api/comments/${id}/likes`, headers: withCookie(cookie) }),
    /** The dare's stored comment counter. */
    async count(dareId: number) {
      const [row] = await app.ctx.db
        .select({ n: dares.commentCount })
        .from(dares)
        .where(eq(dares.id, dareId));
      return row!.n;
    },
  };
}
