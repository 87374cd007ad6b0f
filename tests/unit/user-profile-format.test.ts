import { describe, expect, it } from 'vitest';
import { formatDollarsAndCents } from '@/web/features/dares/utils/format-dare';
import { profileStatusLabel } from '@/web/features/users/components/user-dare-card';

describe("another user's profile", () => {
  it('labels dares Completed, Active, Verifying, otherwise Pending (spec section 2)', () => {
    expect(profileStatusLabel('completed')).toBe('Completed');
    expect(profileStatusLabel('active')).toBe('Active');
    expect(profileStatusLabel('verification')).toBe('Verifying');
    expect(profileStatusLabel('pending')).toBe('Pending');
    expect(profileStatusLabel('failed')).toBe('Pending');
  });

  it('shows Total Earned with two decimals', () => {
    expect(formatDollarsAndCents(0)).toBe('$0.00');
    expect(formatDollarsAndCents(31.5)).toBe('$31.50');
    expect(formatDollarsAndCents(1234.567)).toBe('$1,234.57');
  });
});
