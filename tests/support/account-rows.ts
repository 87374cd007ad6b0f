import type { FastifyInstance } from 'fastify';
import { emailPreferences, payouts, userPaymentMethods } from '@/server/db/schema';
import { challengePayload } from './challenges';
import { commentApi } from './comments';
import { requestBody } from './dare-requests';
import { createDare } from './dares';
import { addFundedPledge, fundingGateway } from './funded-pledges';
import { registerPushDevice } from './push';
import type { TestApp } from './test-app';
import { registerUser, sessionCookie, uniqueAddress, uniqueEmail } from './users';
import { postVote, proveOverHttp } from './votes';

type Registered = Awaited<ReturnType<typeof registerUser>>;

/** A call that must succeed (2xx); its JSON answer. */
async function ok(
  app: FastifyInstance,
  cookie: string,
  method: 'POST' | 'GET',
  url: string,
  payload?: object,
) {
  const response = await app.inject({ method, url, headers: { cookie }, payload });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * Two accounts with rows of every kind, made the way the app makes them where it can: `me`
 * created a dare (with a proof under vote and a payout) and took on `other`'s challenge,
 * pledged, voted, commented, liked, saved, messaged, followed, requested, saved a card and
 * signed in twice; `other` did the same toward `me`, with secrets of its own that must never
 * reach `me`'s export. `stranger` talks with `other` only.
 */
export async function accountWithEveryRow(t: TestApp) {
  const { app } = t;
  const db = app.ctx.db;
  const h = fundingGateway(t);
  const me = await registerUser(app, { displayName: 'Mia Export' });
  const other = await registerUser(app, { displayName: 'Otto Other' });
  const stranger = await registerUser(app, { displayName: 'Stan Stranger' });
  const phoneBrowser =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0.0.0 Mobile Safari/537.36';
  const phone = await signInAgain(app, me, phoneBrowser);

  // Dares: one of mine (proved, voted on by `other`), one of theirs I pledged to and voted on,
  // and their public challenge I took on.
  const myDare = await createDare(db, {
    creatorId: me.user.id,
    title: 'Mia sings at noon',
    targetAmountCents: 1500,
  });
  const theirDare = await createDare(db, {
    creatorId: other.user.id,
    title: 'Otto juggles',
    targetAmountCents: 1000,
  });
  const takenOn = await createDare(db, {
    creatorId: other.user.id,
    title: 'Otto dares anyone',
    dareType: 'challenge',
    recipientType: 'public',
    isPublicChallenge: true,
    takerId: me.user.id,
    acceptedBy: me.user.id,
    acceptedAt: new Date(),
  });
  const myPledge = await addFundedPledge(t, h, {
    userId: me.user.id,
    dareId: theirDare.id,
    amountCents: 1000,
  });
  const theirPledge = await addFundedPledge(t, h, {
    userId: other.user.id,
    dareId: myDare.id,
    amountCents: 1500,
  });
  const myProof = await proveOverHttp(t, me.cookie, myDare.id);
  const theirProof = await proveOverHttp(t, other.cookie, theirDare.id);
  await postVote(app, me.cookie, theirProof.id, true);
  const theirReason = 'Otto private reason: the song was off-key';
  await postVote(app, other.cookie, myProof.id, false, theirReason);
  await db.insert(payouts).values({
    dareId: myDare.id,
    takerId: me.user.id,
    amountCents: 1425,
    feeCents: 75,
    status: 'paid',
    transferId: 'tr_secret_mia',
    paidAt: new Date(),
  });

  const comments = commentApi(app);
  await comments.add(theirDare.id, me.cookie, 'Mia comment: go Otto!');
  await comments.add(myDare.id, other.cookie, 'Otto comment on Mia');
  await ok(app, me.cookie, 'POST', `/api/dares/${theirDare.id}/likes`);
  await ok(app, me.cookie, 'POST', `/api/dares/${theirDare.id}/saves`);

  const conversation = await ok(app, me.cookie, 'POST', '/api/conversations', {
    participants: [other.user.id],
  });
  await ok(app, me.cookie, 'POST', `/api/conversations/${conversation.id}/messages`, {
    content: 'Hi Otto, from Mia',
  });
  await ok(app, other.cookie, 'POST', `/api/conversations/${conversation.id}/messages`, {
    content: 'Hello Mia, from Otto',
  });
  const aside = await ok(app, stranger.cookie, 'POST', '/api/conversations', {
    participants: [other.user.id],
  });
  const strangerText = 'Stan to Otto: keep this between us';
  await ok(app, stranger.cookie, 'POST', `/api/conversations/${aside.id}/messages`, {
    content: strangerText,
  });

  await ok(app, me.cookie, 'POST', '/api/follows', { followedId: other.user.id });
  await ok(app, other.cookie, 'POST', '/api/follows', { followedId: me.user.id });

  const typedAddress = uniqueEmail('friend');
  await ok(
    app,
    me.cookie,
    'POST',
    '/api/dare-requests',
    requestBody({ recipientId: other.user.id, dareTitle: 'Mia asks Otto' }),
  );
  await ok(
    app,
    me.cookie,
    'POST',
    '/api/dare-requests',
    requestBody({ recipientEmail: typedAddress, dareTitle: 'Mia asks a friend' }),
  );
  await ok(
    app,
    other.cookie,
    'POST',
    '/api/dare-requests',
    requestBody({ recipientId: me.user.id, dareTitle: 'Otto asks Mia' }),
  );
  await ok(
    app,
    other.cookie,
    'POST',
    '/api/dare-requests',
    requestBody({ recipientId: stranger.user.id, dareTitle: 'Otto asks Stan' }),
  );

  const card = (userId: number, id: string, last4: string) => ({
    userId,
    gatewayPaymentMethodId: id,
    brand: 'visa',
    last4,
    expMonth: 12,
    expYear: 2030,
  });
  await db
    .insert(userPaymentMethods)
    .values([
      card(me.user.id, 'pm_secret_mia', '4242'),
      card(other.user.id, 'pm_secret_otto', '4444'),
    ]);
  await db
    .insert(emailPreferences)
    .values({ userId: me.user.id, kind: 'new_follower', emailEnabled: false });
  // Push on in my phone's browser: its endpoint path and keys are secrets, even from me.
  const pushDevice = await registerPushDevice(
    app,
    phone,
    'https://fcm.googleapis.com/fcm/send/mia-secret-push-token',
    phoneBrowser,
  );
  // Their email challenge to my address: in my Received tab (decision 0036), never their Sent.
  const challenge = await ok(app, other.cookie, 'POST', '/api/dares', {
    ...challengePayload('email', me.email),
    title: 'Otto challenges Mia',
  });

  return {
    me: { ...me, phone },
    other,
    stranger,
    dares: { myDare, theirDare, takenOn, challenge: challenge as { id: number } },
    pledges: { myPledge, theirPledge },
    proofs: { myProof, theirProof },
    secrets: {
      theirReason,
      strangerText,
      transferId: 'tr_secret_mia',
      cards: ['pm_secret_mia', 'pm_secret_otto'],
      push: [
        'mia-secret-push-token',
        ...Object.values(pushDevice.subscriber.subscription(pushDevice.endpoint).keys),
      ],
    },
    typedAddress,
  };
}

/** The account signed in on one more browser (its own User-Agent): that browser's cookie. */
async function signInAgain(app: FastifyInstance, user: Registered, userAgent: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: uniqueAddress(),
    headers: { 'user-agent': userAgent },
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return sessionCookie(response);
}
