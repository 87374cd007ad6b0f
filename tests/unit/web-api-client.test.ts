import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, isNetworkError, loadFailureText } from '@/web/lib/api-client';
import { pathFromQueryKey } from '@/web/lib/query-client';
import { authPathFor, safeRedirect } from '@/web/lib/safe-redirect';

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failureOf(response: Response): Promise<ApiError> {
  stubFetch(response);
  const error = await apiRequest('/api/thing').catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends JSON with the session cookie and parses the answer', async () => {
    const fetchMock = stubFetch(Response.json({ id: 1 }, { status: 201 }));
    await expect(
      apiRequest('/api/register', { method: 'POST', body: { email: 'a@b.co' } }),
    ).resolves.toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/register');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"email":"a@b.co"}',
    });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('resolves to undefined for an empty answer', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest('/api/logout', { method: 'POST' })).resolves.toBeUndefined();
  });
});

describe('error message rule (spec section 8)', () => {
  it("uses the JSON body's message field and keeps the status", async () => {
    const error = await failureOf(
      Response.json({ message: 'Invalid email or password' }, { status: 401 }),
    );
    expect(error.message).toBe('Invalid email or password');
    expect(error.status).toBe(401);
    expect(error.body).toEqual({ message: 'Invalid email or password' });
  });

  it('falls back to the whole JSON body as a string', async () => {
    const error = await failureOf(Response.json({ error: 'nope', code: 7 }, { status: 400 }));
    expect(error.message).toBe('{"error":"nope","code":7}');
    expect(error.status).toBe(400);
  });

  it('falls back to the response text when the body is not JSON', async () => {
    const error = await failureOf(
      new Response('Bad gateway upstream', { status: 502, statusText: 'Bad Gateway' }),
    );
    expect(error.message).toBe('Bad gateway upstream');
  });

  it('falls back to the status text when the body is empty', async () => {
    const error = await failureOf(
      new Response(null, { status: 503, statusText: 'Service Unavailable' }),
    );
    expect(error.message).toBe('Service Unavailable');
    expect(error.status).toBe(503);
  });

  it('still says something when there is neither body nor status text', async () => {
    const error = await failureOf(new Response(null, { status: 500 }));
    expect(error.message).toBe('Request failed with status 500');
  });
});

describe('no answer at all (issue 19)', () => {
  const failFetch = (error: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw error;
      }),
    );

  it("says 'You're offline' while the browser is offline, not 'Failed to fetch'", async () => {
    failFetch(new TypeError('Failed to fetch'));
    vi.stubGlobal('navigator', { onLine: false });
    const error = await apiRequest('/api/thing').catch((caught: unknown) => caught);
    expect(isNetworkError(error)).toBe(true);
    expect((error as Error).message).toBe("You're offline");
    expect(loadFailureText(error, 'Please try again later')).toBe("You're offline");
  });

  it('says the server cannot be reached while online', async () => {
    failFetch(new TypeError('Failed to fetch'));
    vi.stubGlobal('navigator', { onLine: true });
    const error = await apiRequest('/api/thing').catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(
      "Can't reach Darefund. Check your connection and try again.",
    );
  });

  it('leaves a cancelled request an abort', async () => {
    const abort = new AbortController();
    abort.abort();
    failFetch(new DOMException('aborted', 'AbortError'));
    const error = await apiRequest('/api/thing', { signal: abort.signal }).catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(false);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('helpers', () => {
  it('turns query keys into paths', () => {
    expect(pathFromQueryKey(['/api/user'])).toBe('/api/user');
    expect(pathFromQueryKey(['/api/users', 5])).toBe('/api/users/5');
    expect(pathFromQueryKey(['/api/dares/trending', { type: 'hot' }])).toBe(
      '/api/dares/trending?type=hot',
    );
  });

  it('only redirects to same-origin paths', () => {
    expect(safeRedirect('/profile')).toBe('/profile');
    expect(safeRedirect('/fund/3?x=1')).toBe('/fund/3?x=1');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('/auth?redirectTo=/x')).toBe('/');
    expect(authPathFor('/profile')).toBe('/auth?redirectTo=%2Fprofile');
  });
});
