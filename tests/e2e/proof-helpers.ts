import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { registerViaApi, uniqueUser } from './harness';

export const DEMO_VIDEO = fileURLToPath(
  new URL('../../assets/demo/100-pushups.mp4', import.meta.url),
);

export interface ApiUser {
  id: number;
  email: string;
  password: string;
  cookie: string;
}

/** An existing account (a demo user, say) logged in through the API. */
export async function logInViaApi(
  baseUrl: string,
  user: { email: string; password: string },
): Promise<ApiUser> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  const { id } = (await response.json()) as { id: number };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { id, email: user.email, password: user.password, cookie };
}

/** A new account, logged in through the API; its cookie calls the API as that user. */
export async function apiUser(baseUrl: string, prefix: string): Promise<ApiUser> {
  const user = uniqueUser(prefix);
  await registerViaApi(baseUrl, user);
  return logInViaApi(baseUrl, user);
}

export async function call<T>(
  baseUrl: string,
  user: ApiUser,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      cookie: user.cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The demo video uploaded by `user` as the app's upload sends it, for `purpose`; its /media URL. */
export async function uploadVideo(
  baseUrl: string,
  user: ApiUser,
  purpose: 'pitch' | 'proof' = 'pitch',
): Promise<string> {
  const form = new FormData();
  form.append('video', new Blob([await readFile(DEMO_VIDEO)], { type: 'video/mp4' }), 'clip.mp4');
  const upload = await fetch(`${baseUrl}/api/videos/upload?purpose=${purpose}`, {
    method: 'POST',
    headers: { cookie: user.cookie },
    body: form,
  });
  if (!upload.ok) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  return ((await upload.json()) as { url: string }).url;
}

/** WebVTT captions uploaded by `user` for their pitch or proof (item 35); the /media URL. */
export async function uploadCaptions(
  baseUrl: string,
  user: ApiUser,
  purpose: 'pitch' | 'proof' = 'pitch',
  text = 'WEBVTT\n\n00:00.000 --> 00:05.000\nInto the lake before sunrise.\n',
): Promise<string> {
  const form = new FormData();
  form.append('captions', new Blob([text], { type: 'text/vtt' }), 'captions.vtt');
  const upload = await fetch(`${baseUrl}/api/captions/upload?purpose=${purpose}`, {
    method: 'POST',
    headers: { cookie: user.cookie },
    body: form,
  });
  if (!upload.ok)
    throw new Error(`captions upload failed: ${upload.status} ${await upload.text()}`);
  return ((await upload.json()) as { url: string }).url;
}

/** The taker's proof through the API: the dare goes to verification. */
export async function proveViaApi(baseUrl: string, taker: ApiUser, dareId: number) {
  const videoUrl = await uploadVideo(baseUrl, taker, 'proof');
  return call<{ id: number }>(baseUrl, taker, '/api/submissions', { dareId, videoUrl });
}

/** A self dare of `creator` with a real uploaded pitch, $`target` to reach. */
export async function selfDare(baseUrl: string, creator: ApiUser, title: string, target: number) {
  const url = await uploadVideo(baseUrl, creator);
  return call<{ id: number; title: string }>(baseUrl, creator, '/api/dares', {
    title,
    description: 'Do it on camera and show every single rep.',
    targetAmount: target,
    category: 'Physical',
    contentRating: 'PG',
    pitchVideo: url,
    expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    dareType: 'self',
  });
}

/** A $`amount` pledge with its payment intent, not paid yet: the intent's client secret. */
export async function startPledge(baseUrl: string, user: ApiUser, dareId: number, amount: number) {
  const created = await call<{ id: number }>(baseUrl, user, '/api/pledges', { dareId, amount });
  const { clientSecret } = await call<{ clientSecret: string }>(
    baseUrl,
    user,
    '/api/pledges/payment-intent',
    { pledgeId: created.id, dareId, amount: Math.round(amount * 100) },
  );
  return clientSecret;
}

/** Pays an intent with a simulated provider's test card, as the card form does: the answer. */
export function payWithCard(baseUrl: string, user: ApiUser, clientSecret: string, number: string) {
  return fetch(`${baseUrl}/api/payments/simulated/confirm`, {
    method: 'POST',
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      clientSecret,
      paymentMethod: {
        card: { number, expMonth: 12, expYear: 2034, cvc: '123' },
        billingDetails: { name: 'Pat Pledger' },
      },
    }),
  });
}

/** A $`amount` pledge held on the simulated provider's 4242 card. */
export async function pledge(baseUrl: string, user: ApiUser, dareId: number, amount: number) {
  const clientSecret = await startPledge(baseUrl, user, dareId, amount);
  const confirmed = await payWithCard(baseUrl, user, clientSecret, '4242424242424242');
  const { status } = (await confirmed.json()) as { status?: string };
  if (status !== 'requires_capture') throw new Error(`pledge: ${confirmed.status} ${status}`);
}
