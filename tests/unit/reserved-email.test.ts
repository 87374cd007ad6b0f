import { describe, expect, it } from 'vitest';
import { isReservedEmailAddress } from '@/domain/reserved-email';

describe('isReservedEmailAddress', () => {
  it.each([
    'maya@demo.darefund.example',
    'mod@demo.darefund.app',
    'a@example.com',
    'a@mail.EXAMPLE.org',
    'a@example.net.',
    'a@host.test',
    'a@host.invalid',
    'a@localhost',
    'a@app.localhost',
  ])('%s is reserved', (address) => {
    expect(isReservedEmailAddress(address)).toBe(true);
  });

  it.each([
    'a@gmail.com',
    'a@myexample.com',
    'a@example.co',
    'a@testing.io',
    'a@inbox.darefund.app',
  ])('%s is not', (address) => {
    expect(isReservedEmailAddress(address)).toBe(false);
  });
});
