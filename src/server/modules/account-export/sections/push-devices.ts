import { and, asc, eq, gt } from 'drizzle-orm';
import { deviceName } from '@/domain/device-name';
import { endpointHost } from '@/domain/push-endpoint';
import { pushSubscriptions } from '../../../db/schema';
import { iso, isoOrNull, type SectionReader } from './shared';

/**
 * The browsers with push notifications on (decision 0053): device, push service host and
 * dates. Never the endpoint's path or the keys, which work like passwords for pushes.
 */
export const readPushDevices: SectionReader<'pushDevices'> = async (tx, scope, after, limit) => {
  const rows = await tx
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      userAgent: pushSubscriptions.userAgent,
      createdAt: pushSubscriptions.createdAt,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
    })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, scope.userId), gt(pushSubscriptions.id, after)))
    .orderBy(asc(pushSubscriptions.id))
    .limit(limit);
  return rows.map((row) => ({
    key: row.id,
    row: {
      device: deviceName(row.userAgent).label,
      pushService: endpointHost(row.endpoint),
      createdAt: iso(row.createdAt),
      lastPushedAt: isoOrNull(row.lastSuccessAt),
    },
  }));
};
