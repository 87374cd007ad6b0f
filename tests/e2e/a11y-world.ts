import { DEMO_PASSWORD, DEMO_USERS } from '@/server/seed/demo-data';
import { DEMO_MODERATOR, reportViaApi } from './moderation-helpers';
import {
  type ApiUser,
  apiUser,
  call,
  logInViaApi,
  uploadCaptions,
  uploadVideo,
} from './proof-helpers';

/** A demo account (harness seedDemo) by its email's name: maya, leo, sam, ava, kai, nora. */
export const demo = (name: string) => {
  const user = DEMO_USERS.find((candidate) => candidate.email.startsWith(`${name}@`));
  if (!user) throw new Error(`no demo user ${name}`);
  return { email: user.email, password: DEMO_PASSWORD };
};

/** Ids of what the screens under test show. */
export interface World {
  newcomer: ApiUser;
  maya: number;
  leo: number;
  iceBucket: number;
  hotSauce: number;
  pushUps: number;
  charityRun: number;
  singInPublic: number;
  conversation: number;
  pendingPledge: number;
  invitePath: string;
  /** Sam's self dare whose pitch has captions (item 35). */
  captioned: number;
  /** Kai's dare in the moderation queue, reported by Leo (issue 21). */
  reportedDare: number;
}

async function dareIdsOf(baseUrl: string, userId: number): Promise<Map<string, number>> {
  const response = await fetch(`${baseUrl}/api/dares/user/${userId}?limit=50`);
  const { items } = (await response.json()) as { items: Array<{ id: number; title: string }> };
  return new Map(items.map((dare) => [dare.title, dare.id]));
}

const rainRequest = {
  dareDescription: 'A whole song, outside, while it pours.',
  targetAmount: 15,
  category: 'Social',
  contentRating: 'G',
};

/**
 * The demo world plus what it lacks, made through the API: Maya's inbox with an unread
 * message, her notifications, a request to answer and one sent, a comment, a pledge waiting
 * for its card, a phone challenge's invitation link, and a newcomer with nothing at all.
 */
export async function buildWorld(baseUrl: string): Promise<World> {
  const [maya, leo, kai, sam] = await Promise.all(
    ['maya', 'leo', 'kai', 'sam'].map((name) => logInViaApi(baseUrl, demo(name))),
  );
  if (!maya || !leo || !kai || !sam) throw new Error('demo users missing');
  const [mayas, kais, sams, leos] = await Promise.all(
    [maya, kai, sam, leo].map((user) => dareIdsOf(baseUrl, user.id)),
  );
  const id = (dares: Map<string, number> | undefined, title: string) => {
    const found = dares?.get(title);
    if (!found) throw new Error(`demo dare missing: ${title}`);
    return found;
  };
  const iceBucket = id(mayas, 'Ice Bucket Challenge');
  const hotSauce = id(kais, 'Hot Sauce Tasting');

  const conversation = await call<{ id: number }>(baseUrl, leo, '/api/conversations', {
    participants: [maya.id],
  });
  const say = (from: ApiUser, content: string) =>
    call(baseUrl, from, `/api/conversations/${conversation.id}/messages`, { content });
  await say(maya, 'Are you really doing the ice bucket at sunrise?');
  await say(leo, 'I will be there with a towel, just in case.');
  await call(baseUrl, leo, '/api/follows', { followedId: maya.id });
  await call(baseUrl, leo, '/api/dare-requests', {
    ...rainRequest,
    dareTitle: 'Sing in the rain',
    recipientId: maya.id,
  });
  await call(baseUrl, maya, '/api/dare-requests', {
    ...rainRequest,
    dareTitle: 'Dance in the rain',
    recipientId: leo.id,
  });
  const comment = await call<{ id: number }>(baseUrl, leo, `/api/dares/${iceBucket}/comments`, {
    content: 'Sunrise is brutal, respect.',
  });
  const pending = await call<{ id: number }>(baseUrl, maya, '/api/pledges', {
    dareId: hotSauce,
    amount: 10,
  });
  // No SMS provider: a phone challenge gives its creator the invitation link.
  const phone = await call<{ invitationUrl: string }>(baseUrl, sam, '/api/dares', {
    title: 'Karaoke at the office party',
    description: 'One full song, front of the room.',
    targetAmount: 20,
    category: 'Social',
    contentRating: 'G',
    expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    dareType: 'challenge',
    recipientType: 'phone',
    recipientContact: '+1 555 010 7788',
  });

  const captioned = await call<{ id: number }>(baseUrl, sam, '/api/dares', {
    title: 'Lake jump at dawn',
    description: 'Into the lake before sunrise, whatever the weather.',
    targetAmount: 20,
    category: 'Physical',
    contentRating: 'G',
    pitchVideo: await uploadVideo(baseUrl, sam),
    pitchCaptions: await uploadCaptions(baseUrl, sam),
    expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    dareType: 'self',
  });

  // The moderator's queue holds a reported dare; a dismissed report fills the Resolved tab and
  // the audit log.
  const pushUps = id(kais, '100 Push-ups');
  await reportViaApi(
    baseUrl,
    leo,
    { targetType: 'dare', targetId: pushUps },
    'dangerous',
    'Push-ups on a moving bus in the video.',
  );
  await reportViaApi(baseUrl, kai, { targetType: 'comment', targetId: comment.id }, 'spam');
  const moderator = await logInViaApi(baseUrl, DEMO_MODERATOR);
  await call(baseUrl, moderator, '/api/moderation/actions', {
    action: 'dismiss',
    targetType: 'comment',
    targetId: comment.id,
    reason: 'An honest compliment, not spam.',
  });

  return {
    newcomer: await apiUser(baseUrl, 'newcomer'),
    reportedDare: pushUps,
    captioned: captioned.id,
    maya: maya.id,
    leo: leo.id,
    iceBucket,
    hotSauce,
    pushUps,
    charityRun: id(leos, 'Charity 10K Run'),
    singInPublic: id(sams, 'Sing in Public'),
    conversation: conversation.id,
    pendingPledge: pending.id,
    invitePath: new URL(phone.invitationUrl).pathname,
  };
}
