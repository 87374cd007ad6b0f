import { dareRequests } from '../../../db/schema';
import { effectiveStatus } from '../../dare-requests/views';
import { type ExportScope, iso, isoOrNull, money } from './shared';

/** The columns both request sections read. */
export const requestColumns = {
  id: dareRequests.id,
  dareTitle: dareRequests.dareTitle,
  dareDescription: dareRequests.dareDescription,
  targetAmountCents: dareRequests.targetAmountCents,
  category: dareRequests.category,
  contentRating: dareRequests.contentRating,
  status: dareRequests.status,
  dareId: dareRequests.dareId,
  createdAt: dareRequests.createdAt,
  expiresAt: dareRequests.expiresAt,
  respondedAt: dareRequests.respondedAt,
};

type RequestRow = Pick<typeof dareRequests.$inferSelect, keyof typeof requestColumns>;

/** A request as its sender or recipient reads it; a lapsed pending one reads as expired. */
export function requestFields(scope: ExportScope, row: RequestRow) {
  return {
    id: row.id,
    dareTitle: row.dareTitle,
    dareDescription: row.dareDescription,
    target: money(row.targetAmountCents),
    category: row.category,
    contentRating: row.contentRating,
    status: effectiveStatus(row, scope.now),
    dareId: row.dareId,
    createdAt: iso(row.createdAt),
    expiresAt: iso(row.expiresAt),
    respondedAt: isoOrNull(row.respondedAt),
  };
}
