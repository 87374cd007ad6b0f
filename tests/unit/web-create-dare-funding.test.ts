import { describe, expect, it } from 'vitest';
import {
  creationFailedToast,
  dareLiveToast,
  daysRemaining,
  fundingAmount,
  fundingButtonLabel,
  fundingRequiredToast,
  initialFundingChoice,
  isPublicDare,
  pledgedOfGoal,
} from '@/web/features/create-dare/lib/post-create-funding';

const DAY = 86_400_000;
const now = Date.parse('2025-06-01T12:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();

describe('fundingAmount', () => {
  it('starts on the $5 preset', () => {
    expect(fundingAmount(initialFundingChoice)).toBe(5);
  });

  it('takes every preset', () => {
    for (const dollars of [5, 10, 20, 50, 100]) {
      expect(fundingAmount({ selected: dollars, customText: '' })).toBe(dollars);
    }
  });

  it('counts a custom value only when it is a number of at least $5', () => {
    const custom = (customText: string) => fundingAmount({ selected: 'custom', customText });
    expect(custom('5')).toBe(5);
    expect(custom('12.50')).toBe(12.5);
    expect(custom(' $1,000 ')).toBe(1000);
    expect(custom('4.99')).toBeNull();
    expect(custom('0')).toBeNull();
    expect(custom('-10')).toBeNull();
    expect(custom('')).toBeNull();
    expect(custom('ten')).toBeNull();
    expect(custom('1e3')).toBeNull();
    expect(custom('5.555')).toBeNull();
  });

  it('has no amount before one is chosen', () => {
    expect(fundingAmount({ selected: null, customText: '20' })).toBeNull();
  });
});

describe('fundingButtonLabel', () => {
  it('names the sum', () => {
    expect(fundingButtonLabel(10, false)).toBe('Pledge $10');
    expect(fundingButtonLabel(5, true)).toBe('Fund $5 to Go Live');
    expect(fundingButtonLabel(12.5, false)).toBe('Pledge $12.50');
  });

  it('names none without a usable amount', () => {
    expect(fundingButtonLabel(null, false)).toBe('Pledge');
    expect(fundingButtonLabel(null, true)).toBe('Fund to Go Live');
  });
});

describe('dare summary texts', () => {
  it('shows money against the goal', () => {
    expect(pledgedOfGoal(0, 25)).toBe('$0 pledged of $25 goal');
    expect(pledgedOfGoal(1250, 1000)).toBe('$1,250 pledged of $1,000 goal');
  });

  it('counts days remaining up, and ends the campaign at expiry', () => {
    expect(daysRemaining(at(3 * DAY - 50), now)).toBe('3 days remaining');
    expect(daysRemaining(at(DAY), now)).toBe('1 day remaining');
    expect(daysRemaining(at(60_000), now)).toBe('1 day remaining');
    expect(daysRemaining(at(DAY + 1), now)).toBe('2 days remaining');
    expect(daysRemaining(at(0), now)).toBe('Campaign ended');
    expect(daysRemaining(at(-DAY), now)).toBe('Campaign ended');
    expect(daysRemaining('not a date', now)).toBe('Campaign ended');
  });
});

describe('isPublicDare', () => {
  it('is a public challenge by either field', () => {
    expect(isPublicDare({ recipientType: 'public', isPublicChallenge: false })).toBe(true);
    expect(isPublicDare({ recipientType: null, isPublicChallenge: true })).toBe(true);
    expect(isPublicDare({ recipientType: 'email', isPublicChallenge: false })).toBe(false);
    expect(isPublicDare({ recipientType: null, isPublicChallenge: false })).toBe(false);
  });
});

describe('toasts', () => {
  it('uses the product copy', () => {
    expect(fundingRequiredToast).toEqual({
      title: 'Funding Required',
      description: 'Complete your $5 payment to make your public dare live.',
    });
    expect(dareLiveToast(false, 10)).toEqual({
      title: 'Dare Created Successfully!',
      description: 'Your dare is now live with $10 funding.',
    });
    expect(dareLiveToast(true, 5).description).toBe(
      'Your public dare is now live and visible in the feed!',
    );
    expect(creationFailedToast.title).toBe('Error');
    expect(creationFailedToast.variant).toBe('destructive');
    expect(creationFailedToast.description).toMatch(
      /^Payment succeeded but dare creation failed\. Please contact support\./,
    );
  });
});
