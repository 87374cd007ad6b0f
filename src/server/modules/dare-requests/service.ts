import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DareRequestType, DareRequestView } from '@/contracts/dare-requests';
import { DARE_REQUEST_LIST_MAX } from '@/contracts/limits';
import type { AppContext } from '../../context';
import { dareRequests } from '../../db/schema';
import { type Answer, respondToDareRequest } from './respond';
import { type SendDareRequestInput, sendDareRequest } from './send-request';
import { toDareRequestViews } from './views';

type Me = {
  id: number;
  email: string;
  emailVerified: boolean;
  username: string;
  displayName: string | null;
};

/**
 * The caller's requests, newest first. Received: addressed to them, or sent to their email
 * address before it had an account (or by address at all), and email challenges to their
 * address (decision 0036); sent: the requests they sent. A challenge is not among its
 * creator's: it exists only when the address has an account, which they must not learn.
 */
export async function listDareRequests(
  ctx: AppContext,
  me: Me,
  type: DareRequestType,
): Promise<DareRequestView[]> {
  const where =
    type === 'sent'
      ? and(eq(dareRequests.senderId, me.id), isNull(dareRequests.challengeDareId))
      : or(
          eq(dareRequests.recipientId, me.id),
          sql`(${isNull(dareRequests.recipientId)} AND lower(${dareRequests.recipientEmail}) = ${me.email.toLowerCase()})`,
        );
  const rows = await ctx.db
    .select()
    .from(dareRequests)
    .where(where)
    .orderBy(desc(dareRequests.createdAt), desc(dareRequests.id))
    .limit(DARE_REQUEST_LIST_MAX);
  return toDareRequestViews(ctx, rows, me.id);
}

export async function createDareRequest(ctx: AppContext, me: Me, input: SendDareRequestInput) {
  const row = await sendDareRequest(ctx, me, input);
  const [view] = await toDareRequestViews(ctx, [row], me.id);
  return view!;
}

export async function answerDareRequest(ctx: AppContext, me: Me, id: number, answer: Answer) {
  const row = await respondToDareRequest(ctx, id, me, answer);
  const [view] = await toDareRequestViews(ctx, [row], me.id);
  return view!;
}
