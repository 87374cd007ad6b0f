import { notify } from '../notifications/notify';
import type { Effect } from './effect';

/** The owner hears the moderator's reason (notification + its email), through notify(). */
export const warn: Effect = async ({ ctx, tx, ownerId, audit }) => {
  await notify(tx, ctx.config.publicUrl, {
    userId: ownerId!,
    dareId: null,
    kind: 'moderation_warning',
    data: { reason: audit.reason },
  });
  return { changed: true };
};
