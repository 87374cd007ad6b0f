import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import {
  NOTIFICATION_KINDS,
  type NotificationDataByKind,
  type NotificationKind,
} from '@/contracts/notifications';
import { renderNotification } from '@/domain/notification-text';
import { notifications } from '../../../db/schema';
import { iso, link, type SectionReader } from './shared';

/**
 * The account's notifications in words, as the app shows them (rendered from kind + data,
 * like the list): the stored data is internal and not repeated.
 */
export const readNotifications: SectionReader<'notifications'> = async (
  tx,
  scope,
  after,
  limit,
) => {
  const rows = await tx
    .select({
      id: notifications.id,
      kind: notifications.kind,
      dareId: notifications.dareId,
      data: notifications.data,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, scope.userId),
        // A kind this version cannot word would not be in the contract either.
        inArray(notifications.kind, [...NOTIFICATION_KINDS]),
        gt(notifications.id, after),
      ),
    )
    .orderBy(asc(notifications.id))
    .limit(limit);
  return rows.map((row) => {
    const kind = row.kind as NotificationKind;
    const data = row.data as NotificationDataByKind[typeof kind];
    const { text, detail, href } = renderNotification(kind, data, row.dareId);
    return {
      key: row.id,
      row: {
        id: row.id,
        kind,
        text,
        detail,
        link: link(scope, href),
        read: row.readAt !== null,
        createdAt: iso(row.createdAt),
      },
    };
  });
};
