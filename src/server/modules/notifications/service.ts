import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type {
  MarkReadBody,
  NotificationDataByKind,
  NotificationKind,
  NotificationPage,
  NotificationView,
  UnreadCount,
} from '@/contracts/notifications';
import { renderNotification } from '@/domain/notification-text';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { notifications } from '../../db/schema';

type Row = typeof notifications.$inferSelect;

/** GET /api/notifications: the caller's own, newest first, keyset-paged by id. */
export async function listNotifications(
  ctx: AppContext,
  userId: number,
  query: { cursor?: number; limit: number },
): Promise<NotificationPage> {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        query.cursor ? lt(notifications.id, query.cursor) : undefined,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  return {
    items: page.map(toView),
    nextCursor: more ? String(page.at(-1)!.id) : null,
    unreadCount: await unreadCount(ctx.db, userId),
  };
}

/** POST /api/notifications/read: the given ids (only the caller's own), or all of them. */
export async function markRead(
  ctx: AppContext,
  userId: number,
  body: MarkReadBody,
): Promise<UnreadCount> {
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          body.ids ? inArray(notifications.id, body.ids) : undefined,
        ),
      );
    return { unreadCount: await unreadCount(tx, userId) };
  });
}

async function unreadCount(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

function toView(row: Row): NotificationView {
  const kind = row.kind as NotificationKind;
  const data = row.data as NotificationDataByKind[typeof kind];
  return {
    id: row.id,
    kind,
    dareId: row.dareId,
    ...renderNotification(kind, data, row.dareId),
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
