import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Stripe.js is a script from js.stripe.com: its loader is replaced to control the outcome.
const loader = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock('@stripe/stripe-js', () => loader);

/** A fresh module each time: its cache is module state. */
const freshGetStripe = async () =>
  (await import('@/web/features/payments/stripe/load-stripe')).getStripe;

beforeEach(() => {
  vi.resetModules();
  loader.loadStripe.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('getStripe', () => {
  it('resolves null when Stripe.js fails to load, and tries again next time', async () => {
    const getStripe = await freshGetStripe();
    loader.loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    await expect(getStripe('pk_test_1')).resolves.toBeNull();
    const stripe = { elements: vi.fn() };
    loader.loadStripe.mockResolvedValueOnce(stripe);
    await expect(getStripe('pk_test_1')).resolves.toBe(stripe);
    expect(loader.loadStripe).toHaveBeenCalledTimes(2);
  });

  it('resolves null after the timeout when Stripe.js never arrives', async () => {
    vi.useFakeTimers();
    const getStripe = await freshGetStripe();
    loader.loadStripe.mockReturnValue(new Promise(() => {}));
    const result = getStripe('pk_test_1', 8_000);
    await vi.advanceTimersByTimeAsync(7_999);
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBeNull();
  });

  it('caches a loaded Stripe per publishable key', async () => {
    const getStripe = await freshGetStripe();
    loader.loadStripe.mockImplementation(async (key: string) => ({ key }));
    const first = await getStripe('pk_test_1');
    expect(await getStripe('pk_test_1')).toBe(first);
    expect(await getStripe('pk_test_2')).toEqual({ key: 'pk_test_2' });
    expect(loader.loadStripe).toHaveBeenCalledTimes(2);
  });
});
