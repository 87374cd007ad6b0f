import { describe, expect, it } from 'vitest';
import '@/web/lib/zod-config';
import { config } from 'zod';

// The web entry sets zod's jitless flag without importing zod (src/web/lib/zod-config.ts).
describe('zod-config', () => {
  it('is the configuration zod reads', () => {
    expect(config().jitless).toBe(true);
  });
});
