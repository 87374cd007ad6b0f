// An active dare for a bench to pledge to, written directly (its creation is not what the
// benches measure): the taker is its creator, the pitch a demo file.

import type { openDatabase } from '../../src/server/db/client';
import { dares } from '../../src/server/db/schema';

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];
const DAY_MS = 24 * 60 * 60 * 1000;

export async function insertBenchDare(
  db: Db,
  dare: {
    creatorId: number;
    title: string;
    description: string;
    targetAmountCents: number;
    days: number;
  },
): Promise<number> {
  const [row] = await db
    .insert(dares)
    .values({
      creatorId: dare.creatorId,
      takerId: dare.creatorId,
      title: dare.title,
      description: dare.description,
      targetAmountCents: dare.targetAmountCents,
      status: 'active',
      category: 'Social',
      pitchVideo: '/media/demo/x.mp4',
      expiresAt: new Date(Date.now() + dare.days * DAY_MS),
    })
    .returning({ id: dares.id });
  return row!.id;
}
