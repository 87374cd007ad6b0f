import { describe, expect, it } from 'vitest';
import { InvalidatedCache } from '@/server/lib/invalidated-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('InvalidatedCache', () => {
  it('computes once for concurrent misses and serves the value after', async () => {
    const cache = new InvalidatedCache<string>({ maxAgeMs: 1000, maxEntries: 10 });
    let calls = 0;
    const gate = deferred<string>();
    const compute = () => {
      calls += 1;
      return gate.promise;
    };
    const both = Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    gate.resolve('v1');
    expect(await both).toEqual(['v1', 'v1']);
    expect(await cache.get('k', async () => 'v2')).toBe('v1');
    expect(calls).toBe(1);
  });

  it('never stores a value computed across an invalidation', async () => {
    const cache = new InvalidatedCache<string>({ maxAgeMs: 1000, maxEntries: 10 });
    const gate = deferred<string>();
    const stale = cache.get('k', () => gate.promise);
    cache.invalidate(); // the change committed while the old value was being read
    // A caller after the invalidation does not join the stale computation.
    const fresh = cache.get('k', async () => 'after');
    gate.resolve('before');
    expect(await stale).toBe('before');
    expect(await fresh).toBe('after');
    expect(await cache.get('k', async () => 'again')).toBe('after');
  });

  it('forgets a value after maxAge, and a failed computation is not kept', async () => {
    let now = 0;
    const cache = new InvalidatedCache<string>({ maxAgeMs: 100, maxEntries: 10, now: () => now });
    await cache.get('k', async () => 'old');
    now = 99;
    expect(cache.peek('k')).toBe('old');
    now = 100;
    expect(cache.peek('k')).toBeUndefined();
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new InvalidatedCache<number>({ maxAgeMs: 1000, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([undefined, 2, 3]);
  });

  it('setIfCurrent refuses a value read before an invalidation', () => {
    const cache = new InvalidatedCache<number>({ maxAgeMs: 1000, maxEntries: 2 });
    const generation = cache.currentGeneration;
    cache.invalidate();
    cache.setIfCurrent('k', 1, generation);
    expect(cache.peek('k')).toBeUndefined();
    cache.setIfCurrent('k', 2, cache.currentGeneration);
    expect(cache.peek('k')).toBe(2);
  });
});
