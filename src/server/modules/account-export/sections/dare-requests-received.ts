import { and, asc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { dareRequests, users } from '../../../db/schema';
import { requestColumns, requestFields } from './dare-request-fields';
import { personColumns, type SectionReader } from './shared';

/**
 * The requests the account received, as its Received tab counts them: addressed to it, or to
 * its email address while no account was bound (the rule of dare-requests/service.ts).
 */
export const readDareRequestsReceived: SectionReader<'dareRequestsReceived'> = async (
  tx,
  scope,
  after,
  limit,
) => {
  const rows = await tx
    .select({
      request: requestColumns,
      challengeDareId: dareRequests.challengeDareId,
      sender: personColumns(users),
    })
    .from(dareRequests)
    .innerJoin(users, eq(users.id, dareRequests.senderId))
    .where(
      and(
        or(
          eq(dareRequests.recipientId, scope.userId),
          and(
            isNull(dareRequests.recipientId),
            isNotNull(dareRequests.recipientEmail),
            sql`lower(${dareRequests.recipientEmail}) = ${scope.email.toLowerCase()}`,
          ),
        ),
        gt(dareRequests.id, after),
      ),
    )
    .orderBy(asc(dareRequests.id))
    .limit(limit);
  return rows.map((row) => ({
    key: row.request.id,
    row: {
      ...requestFields(scope, row.request),
      sender: row.sender,
      challenge: row.challengeDareId !== null,
    },
  }));
};
