import {
  comments,
  conversationParticipants,
  conversations,
  messages,
  submissions,
} from '@/server/db/schema';
import { createDare } from './dares';
import type { TestApp } from './test-app';

/**
 * One of each reportable thing owned by `ownerId` (issue 21): a dare, its proof, a comment
 * on it, and a message to `otherId` in their conversation. Written straight to the database.
 */
export async function reportableContent(t: TestApp, ownerId: number, otherId: number) {
  const db = t.app.ctx.db;
  const dare = await createDare(db, { creatorId: ownerId });
  const [proof] = await db
    .insert(submissions)
    .values({
      dareId: dare.id,
      userId: ownerId,
      videoUrl: '/media/demo/x.mp4',
      votingEndsAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const [comment] = await db
    .insert(comments)
    .values({ dareId: dare.id, userId: ownerId, content: 'Watch me do it' })
    .returning();
  const [low, high] = [ownerId, otherId].sort((a, b) => a - b);
  const [conversation] = await db
    .insert(conversations)
    .values({ pairKey: `${low}:${high}` })
    .returning();
  await db.insert(conversationParticipants).values([
    { conversationId: conversation!.id, userId: ownerId },
    { conversationId: conversation!.id, userId: otherId },
  ]);
  const [message] = await db
    .insert(messages)
    .values({ conversationId: conversation!.id, senderId: ownerId, content: 'hello' })
    .returning();
  return { dare, proof: proof!, comment: comment!, message: message! };
}
