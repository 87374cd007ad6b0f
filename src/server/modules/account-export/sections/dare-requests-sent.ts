import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { dareRequests, users } from '../../../db/schema';
import { requestColumns, requestFields } from './dare-request-fields';
import { personColumns, type SectionReader } from './shared';

/**
 * The requests the account sent, as its Sent tab shows them: one sent to an email address
 * shows that address and never whether it has an account; an email challenge's in-app
 * request is not among them (it exists only when the address has an account; decision 0036).
 */
export const readDareRequestsSent: SectionReader<'dareRequestsSent'> = async (
  tx,
  scope,
  after,
  limit,
) => {
  const rows = await tx
    .select({
      request: requestColumns,
      recipientEmail: dareRequests.recipientEmail,
      recipient: personColumns(users),
    })
    .from(dareRequests)
    .leftJoin(users, eq(users.id, dareRequests.recipientId))
    .where(
      and(
        eq(dareRequests.senderId, scope.userId),
        isNull(dareRequests.challengeDareId),
        gt(dareRequests.id, after),
      ),
    )
    .orderBy(asc(dareRequests.id))
    .limit(limit);
  return rows.map((row) => ({
    key: row.request.id,
    row: {
      ...requestFields(scope, row.request),
      recipient: row.recipientEmail === null ? row.recipient : null,
      recipientEmail: row.recipientEmail,
    },
  }));
};
