import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_BYTES, toDataUrl } from '../support/fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const patchProfile = (cookie: string | undefined, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/user/profile',
    payload,
    headers: cookie ? { cookie } : {},
  });

describe('PATCH /api/user/profile', () => {
  it('needs a session', async () => {
    const response = await patchProfile(undefined, { displayName: 'X' });
    expect(response.statusCode).toBe(401);
  });

  it('updates display name, username and bio', async () => {
    const { cookie } = await registerUser(t.app);
    const username = `new_name_${Date.now().toString(36)}`;
    const response = await patchProfile(cookie, {
      displayName: 'New Name',
      username,
      bio: 'Hello',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ displayName: 'New Name', username, bio: 'Hello' });
    const me = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ displayName: 'New Name', username, bio: 'Hello' });
  });

  it.each([
    [{ displayName: '   ' }, 'Please enter a display name'],
    [{ username: '' }, 'Username required'],
    [{ username: 'a b' }, 'Username can only contain letters, numbers, dots and underscores'],
    [{ bio: 'x'.repeat(151) }, 'Bio cannot exceed 150 characters'],
  ])('refuses %o with the spec message and changes nothing', async (payload, message) => {
    const { cookie, user } = await registerUser(t.app, { displayName: 'Before' });
    const response = await patchProfile(cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    const me = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ displayName: 'Before', username: user.username });
  });

  it('refuses a username someone else has, whatever its case (409)', async () => {
    const other = await registerUser(t.app);
    const { cookie } = await registerUser(t.app);
    const response = await patchProfile(cookie, { username: other.user.username.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This username is already taken' });
  });

  it('stores a picture sent as a data URL as a file served from /media', async () => {
    const { cookie } = await registerUser(t.app);
    const response = await patchProfile(cookie, {
      profilePicture: toDataUrl(PNG_BYTES, 'image/png'),
    });
    expect(response.statusCode).toBe(200);
    const url: string = response.json().profilePicture;
    expect(url).toMatch(/^\/media\/images\/[0-9a-f-]+\.png$/);
    const media = await t.app.inject({ url });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
    expect(media.headers['x-content-type-options']).toBe('nosniff');
    expect(media.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('sniffs the real bytes: text declared as an image is refused with "Invalid file type"', async () => {
    const { cookie } = await registerUser(t.app);
    const fake = toDataUrl(Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    const response = await patchProfile(cookie, { profilePicture: fake });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid file type' });
  });

  it('refuses a picture over 5 MB with 413 and the spec message', async () => {
    const { cookie } = await registerUser(t.app);
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await patchProfile(cookie, { profilePicture: toDataUrl(big, 'image/png') });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Profile picture must be less than 5MB' });
  });

  it('refuses an outside address as a picture', async () => {
    const { cookie } = await registerUser(t.app);
    const response = await patchProfile(cookie, { profilePicture: 'https://evil.example/x.png' });
    expect(response.statusCode).toBe(400);
  });
});

describe('users', () => {
  it('GET /api/users lists others for a signed-in user, never emails or hashes', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const response = await t.app.inject({ url: '/api/users', headers: { cookie: a.cookie } });
    expect(response.statusCode).toBe(200);
    const list = response.json() as Array<Record<string, unknown>>;
    expect(list.some((u) => u.id === b.user.id)).toBe(true);
    expect(list.some((u) => u.id === a.user.id)).toBe(false);
    expect(list.every((u) => !('email' in u) && !('passwordHash' in u))).toBe(true);
    const anonymous = await t.app.inject({ url: '/api/users' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('GET /api/users/:id shows a public profile, 404 for an unknown id', async () => {
    const a = await registerUser(t.app, { displayName: 'Alice' });
    const response = await t.app.inject({ url: `/api/users/${a.user.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: a.user.id,
      displayName: 'Alice',
      followerCount: 0,
      followingCount: 0,
      isFollowing: false,
    });
    expect(response.json()).not.toHaveProperty('email');
    const missing = await t.app.inject({ url: '/api/users/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found' });
  });
});
