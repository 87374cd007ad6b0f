import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_MESSAGES, VOTE_MESSAGES } from '@/contracts/submissions';
import { keyFromMediaUrl } from '@/server/adapters/media/storage';
import { dares, mediaFiles, submissions, votes } from '@/server/db/schema';
import { createDare, moveDeadline } from '../support/dares';
import { addFundedPledge, fundingGateway } from '../support/funded-pledges';
import { uploadMedia } from '../support/media';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';
import {
  activeDareWithPledgers,
  postProof,
  postVote,
  proveOverHttp,
  storedVideo,
} from '../support/votes';

describe('refusals of proofs and votes', () => {
  let t: TestApp;
  let h: ReturnType<typeof fundingGateway>;
  beforeAll(async () => {
    t = await createTestApp();
    h = fundingGateway(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const submissionCount = async (dareId: number) =>
    (await t.app.ctx.db.select().from(submissions).where(eq(submissions.dareId, dareId))).length;

  it('a proof: 401 anonymous, 404 no dare, 403 not the taker, 422 not active or past, 400 not our video, 409 under vote', async () => {
    const { taker, dare, voters } = await activeDareWithPledgers(t, h, 1);
    const videoUrl = await storedVideo(t, taker.user.id);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      payload: { dareId: dare.id, videoUrl },
    });
    expect(anonymous.statusCode).toBe(401);

    const missing = await postProof(t.app, taker.cookie, { dareId: 999_999, videoUrl });
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Dare not found']);

    const stranger = await postProof(t.app, voters[0]!.cookie, { dareId: dare.id, videoUrl });
    expect([stranger.statusCode, stranger.json().message]).toEqual([
      403,
      SUBMISSION_MESSAGES.notTaker,
    ]);

    for (const url of [
      'https://elsewhere.example/video.mp4',
      'blob:http://localhost/abc',
      '/media/videos/00000000-0000-0000-0000-000000000000.mp4', // ours in shape, never stored
      (await storedVideo(t)).replace('.mp4', '.jpg'),
    ]) {
      const foreign = await postProof(t.app, taker.cookie, { dareId: dare.id, videoUrl: url });
      expect([foreign.statusCode, foreign.json().message]).toEqual([
        400,
        SUBMISSION_MESSAGES.notOurVideo,
      ]);
    }

    const badThumbnail = await postProof(t.app, taker.cookie, {
      dareId: dare.id,
      videoUrl,
      thumbnailUrl: 'https://elsewhere.example/poster.jpg',
    });
    expect([badThumbnail.statusCode, badThumbnail.json().message]).toEqual([400, 'Invalid File']);

    const pending = await createDare(t.app.ctx.db, { creatorId: taker.user.id, status: 'pending' });
    const notActive = await postProof(t.app, taker.cookie, { dareId: pending.id, videoUrl });
    expect([notActive.statusCode, notActive.json().message]).toEqual([
      422,
      SUBMISSION_MESSAGES.dareNotActive,
    ]);
    const ended = await createDare(t.app.ctx.db, { creatorId: taker.user.id });
    const past = await moveDeadline(t.app.ctx.db, ended.id, new Date(Date.now() - 1000));
    const late = await postProof(t.app, taker.cookie, { dareId: past.id, videoUrl });
    expect([late.statusCode, late.json().message]).toEqual([
      422,
      SUBMISSION_MESSAGES.dareNotActive,
    ]);
    expect(await submissionCount(pending.id)).toBe(0);
    expect(await submissionCount(past.id)).toBe(0);

    await proveOverHttp(t, taker.cookie, dare.id);
    const again = await postProof(t.app, taker.cookie, { dareId: dare.id, videoUrl });
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      SUBMISSION_MESSAGES.proofUnderVote,
    ]);
    expect(await submissionCount(dare.id)).toBe(1);
  });

  it('two proofs at once: one is taken, the other gets 409', async () => {
    const { taker, dare } = await activeDareWithPledgers(t, h, 1);
    const answers = await Promise.all(
      [0, 1, 2].map(async () =>
        postProof(t.app, taker.cookie, {
          dareId: dare.id,
          videoUrl: await storedVideo(t, taker.user.id),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await submissionCount(dare.id)).toBe(1);
  });

  it('a vote: 403 non-pledger and taker, 400 reject without reason, 409 twice, 409 after the window', async () => {
    const { taker, dare, voters } = await activeDareWithPledgers(t, h, 6);
    const proof = await proveOverHttp(t, taker.cookie, dare.id);
    const outsider = await registerUser(t.app);

    const stranger = await postVote(t.app, outsider.cookie, proof.id, true);
    expect([stranger.statusCode, stranger.json().message]).toEqual([
      403,
      VOTE_MESSAGES.notEligible,
    ]);
    const own = await postVote(t.app, taker.cookie, proof.id, true);
    expect([own.statusCode, own.json().message]).toEqual([403, VOTE_MESSAGES.takerCannotVote]);
    for (const reason of [null, '   ']) {
      const bare = await postVote(t.app, voters[0]!.cookie, proof.id, false, reason);
      expect([bare.statusCode, bare.json().message]).toEqual([400, VOTE_MESSAGES.reasonRequired]);
    }
    const missing = await postVote(t.app, voters[0]!.cookie, 999_999, true);
    expect(missing.statusCode).toBe(404);

    expect((await postVote(t.app, voters[0]!.cookie, proof.id, false)).statusCode).toBe(200);
    const twice = await postVote(t.app, voters[0]!.cookie, proof.id, true);
    expect([twice.statusCode, twice.json().message]).toEqual([409, VOTE_MESSAGES.alreadyVoted]);

    await t.app.ctx.db
      .update(submissions)
      .set({ votingEndsAt: new Date(Date.now() - 1000) })
      .where(eq(submissions.id, proof.id));
    const late = await postVote(t.app, voters[1]!.cookie, proof.id, true);
    expect([late.statusCode, late.json().message]).toEqual([409, VOTE_MESSAGES.votingClosed]);

    const rows = await t.app.ctx.db.select().from(votes).where(eq(votes.submissionId, proof.id));
    expect(rows.map((v) => [v.userId, v.vote])).toEqual([[voters[0]!.user.id, false]]);
    const [after] = await t.app.ctx.db.select().from(dares).where(eq(dares.id, dare.id));
    expect(after!.status).toBe('verification');
  });

  it('a public challenge: its acceptor proves it, its creator may vote only because they funded it', async () => {
    const creator = await registerUser(t.app);
    const acceptor = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, {
      creatorId: creator.user.id,
      takerId: acceptor.user.id,
      acceptedBy: acceptor.user.id,
      dareType: 'challenge',
      isPublicChallenge: true,
    });
    const videoUrl = await storedVideo(t, creator.user.id);
    const byCreator = await postProof(t.app, creator.cookie, { dareId: dare.id, videoUrl });
    expect([byCreator.statusCode, byCreator.json().message]).toEqual([
      403,
      SUBMISSION_MESSAGES.notTaker,
    ]);
    const proof = await proveOverHttp(t, acceptor.cookie, dare.id);

    const unfunded = await postVote(t.app, creator.cookie, proof.id, true);
    expect([unfunded.statusCode, unfunded.json().message]).toEqual([
      403,
      VOTE_MESSAGES.notEligible,
    ]);
    await addFundedPledge(t, h, { userId: creator.user.id, dareId: dare.id, amountCents: 500 });
    const funded = await postVote(t.app, creator.cookie, proof.id, true);
    // The creator is the only pledger: their approval is a strict majority.
    expect(funded.json().submission).toMatchObject({ status: 'approved', pledgerCount: 1 });
  });

  // A proof must be a video its taker uploaded for it (issue 19 item 5): not someone else's
  // file, not the dare's own pitch, not a file uploaded for another purpose.
  const refused = async (cookie: string, payload: object) => {
    const response = await postProof(t.app, cookie, payload);
    return [response.statusCode, response.json().message];
  };

  it('takes a video the taker uploaded as a proof, with a thumbnail they uploaded for it', async () => {
    const { taker, dare } = await activeDareWithPledgers(t, h, 1);
    const videoUrl = await uploadMedia(t.app, taker.cookie, 'video', 'proof');
    const thumbnailUrl = await uploadMedia(t.app, taker.cookie, 'image', 'thumbnail');
    const response = await postProof(t.app, taker.cookie, {
      dareId: dare.id,
      videoUrl,
      thumbnailUrl,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ videoUrl, thumbnailUrl });
  });

  it("refuses another dare's pitch", async () => {
    const { taker, dare } = await activeDareWithPledgers(t, h, 1);
    const other = await registerUser(t.app);
    const pitch = await uploadMedia(t.app, other.cookie, 'video');
    await createDare(t.app.ctx.db, { creatorId: other.user.id, pitchVideo: pitch });
    expect(await refused(taker.cookie, { dareId: dare.id, videoUrl: pitch })).toEqual([
      422,
      SUBMISSION_MESSAGES.notYourVideo,
    ]);
  });

  it("refuses the dare's own pitch, and a video the taker uploaded as a pitch", async () => {
    const { taker, dare } = await activeDareWithPledgers(t, h, 1);
    const pitch = await uploadMedia(t.app, taker.cookie, 'video', 'pitch');
    await t.app.ctx.db.update(dares).set({ pitchVideo: pitch }).where(eq(dares.id, dare.id));
    expect(await refused(taker.cookie, { dareId: dare.id, videoUrl: pitch })).toEqual([
      422,
      SUBMISSION_MESSAGES.pitchIsNotProof,
    ]);
    const anotherPitch = await uploadMedia(t.app, taker.cookie, 'video');
    expect(await refused(taker.cookie, { dareId: dare.id, videoUrl: anotherPitch })).toEqual([
      422,
      SUBMISSION_MESSAGES.notUploadedAsProof,
    ]);
  });

  it("refuses someone else's proof, and someone else's image as the thumbnail", async () => {
    const { taker, dare, voters } = await activeDareWithPledgers(t, h, 1);
    const theirs = await uploadMedia(t.app, voters[0]!.cookie, 'video', 'proof');
    expect(await refused(taker.cookie, { dareId: dare.id, videoUrl: theirs })).toEqual([
      422,
      SUBMISSION_MESSAGES.notYourVideo,
    ]);
    const videoUrl = await uploadMedia(t.app, taker.cookie, 'video', 'proof');
    const theirImage = await uploadMedia(t.app, voters[0]!.cookie, 'image', 'thumbnail');
    expect(
      await refused(taker.cookie, { dareId: dare.id, videoUrl, thumbnailUrl: theirImage }),
    ).toEqual([422, SUBMISSION_MESSAGES.notYourThumbnail]);
  });

  it('records who uploaded each file and for what; refuses an unknown purpose', async () => {
    const { user, cookie } = await registerUser(t.app);
    const proof = await uploadMedia(t.app, cookie, 'video', 'proof');
    const cover = await uploadMedia(t.app, cookie, 'image');
    const rows = await t.app.ctx.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.uploaderId, user.id));
    expect(Object.fromEntries(rows.map((row) => [row.key, row.purpose]))).toMatchObject({
      [keyFromMediaUrl(proof)!]: 'proof',
      [keyFromMediaUrl(cover)!]: 'cover',
    });
    await expect(uploadMedia(t.app, cookie, 'video', 'selfie')).rejects.toThrow(
      'Upload purpose must be pitch or proof',
    );
  });
});
