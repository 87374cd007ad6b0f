import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MediaPurpose } from '@/contracts/media';
import type { SubmissionView } from '@/contracts/submissions';
import type { FundingDuration } from '@/domain/funding-duration';
import { mediaUrl } from '@/server/adapters/media/storage';
import { recordMedia } from '@/server/modules/media/media-files';
import { createDare } from './dares';
import { addFundedPledge, type fundingGateway } from './funded-pledges';
import type { TestApp } from './test-app';
import { registerUser } from './users';

/**
 * A video as the upload route would have stored it (only our own files are accepted) and
 * recorded: `uploaderId`'s upload as a proof (or `purpose`), or nobody's without one.
 */
export async function storedVideo(
  t: TestApp,
  uploaderId?: number,
  purpose: MediaPurpose = 'proof',
): Promise<string> {
  const url = mediaUrl(`videos/${randomUUID()}.mp4`);
  await t.app.ctx.storage.put(url.slice('/media/'.length), Buffer.from('not a video'), 'video/mp4');
  if (uploaderId !== undefined)
    await recordMedia(t.app.ctx.db, { userId: uploaderId, purpose }, url);
  return url;
}

export const postProof = (app: FastifyInstance, cookie: string, payload: object) =>
  app.inject({ method: 'POST', url: '/api/submissions', headers: { cookie }, payload });

export const postVote = (
  app: FastifyInstance,
  cookie: string,
  submissionId: number,
  vote: boolean,
  reason: string | null = vote ? null : 'Did not complete the dare as described',
) =>
  app.inject({
    method: 'POST',
    url: '/api/votes',
    headers: { cookie },
    payload: { submissionId, vote, ...(reason ? { reason } : {}) },
  });

export async function submissionsOf(app: FastifyInstance, dareId: number, cookie?: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/submissions?dareId=${dareId}`,
    headers: cookie ? { cookie } : {},
  });
  return response.json() as SubmissionView[];
}

/**
 * An active self dare with `pledgers` signed-up users who each hold a funded $10 pledge
 * on it, and its taker signed in: everything a proof and its vote need.
 */
export async function activeDareWithPledgers(
  t: TestApp,
  h: ReturnType<typeof fundingGateway>,
  pledgers: number,
  overrides: { durationDays?: FundingDuration } = {},
) {
  const taker = await registerUser(t.app);
  const dare = await createDare(t.app.ctx.db, {
    creatorId: taker.user.id,
    targetAmountCents: 1000 * Math.max(pledgers, 1),
    ...overrides,
  });
  const voters = [];
  for (let i = 0; i < pledgers; i++) {
    const voter = await registerUser(t.app);
    await addFundedPledge(t, h, { userId: voter.user.id, dareId: dare.id, amountCents: 1000 });
    voters.push(voter);
  }
  return { taker, dare, voters };
}

/** The taker's proof over HTTP, a video they uploaded as one; fails the test unless it is taken. */
export async function proveOverHttp(t: TestApp, cookie: string, dareId: number) {
  const me = await t.app.inject({ url: '/api/user', headers: { cookie } });
  const videoUrl = await storedVideo(t, (me.json() as { id: number }).id);
  const response = await postProof(t.app, cookie, { dareId, videoUrl });
  if (response.statusCode !== 201) throw new Error(`proof refused: ${response.body}`);
  return response.json() as SubmissionView;
}
