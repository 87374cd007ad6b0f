import { afterEach, describe, expect, it } from 'vitest';
import { webBuildFinished } from '@/server/web-build-gate';

const KEY = Symbol.for('darefund.webBuild');
const global = globalThis as { [KEY]?: Promise<void> };

afterEach(() => {
  delete global[KEY];
});

describe('webBuildFinished', () => {
  it('has nothing to wait for when the server is started directly', async () => {
    await expect(webBuildFinished()).resolves.toBeUndefined();
  });

  it('waits for the build scripts/start.mjs left, and fails with it', async () => {
    let finish!: () => void;
    global[KEY] = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let done = false;
    const waiting = webBuildFinished().then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    finish();
    await waiting;
    expect(done).toBe(true);

    const failed = Promise.reject(new Error('The web build failed (exit code 1)'));
    failed.catch(() => undefined);
    global[KEY] = failed;
    await expect(webBuildFinished()).rejects.toThrow('The web build failed');
  });
});
