import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from '@/contracts/auth';
import { updateProfileSchema } from '@/contracts/user';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('registerSchema', () => {
  const valid = { email: 'Jane@Example.com ', password: 'secret1', confirmPassword: 'secret1' };

  it('accepts a valid registration, lower-cases the email, treats a blank display name as none', () => {
    const parsed = registerSchema.parse({ ...valid, displayName: '  ' });
    expect(parsed.email).toBe('jane@example.com');
    expect(parsed.displayName).toBeUndefined();
  });

  it('uses the spec messages', () => {
    expect(firstMessage(registerSchema.safeParse({ ...valid, email: 'nope' }))).toBe(
      'Please enter a valid email address',
    );
    expect(
      firstMessage(
        registerSchema.safeParse({ ...valid, password: '12345', confirmPassword: '12345' }),
      ),
    ).toBe('Password must be at least 6 characters');
    const mismatch = registerSchema.safeParse({ ...valid, confirmPassword: 'other1' });
    expect(firstMessage(mismatch)).toBe("Passwords don't match");
    expect(mismatch.error?.issues[0]?.path).toEqual(['confirmPassword']);
  });
});

describe('loginSchema', () => {
  it('takes an email or a username and keeps me logged in by default', () => {
    expect(loginSchema.parse({ email: 'jane_doe', password: 'x' })).toEqual({
      email: 'jane_doe',
      password: 'x',
      rememberMe: true,
    });
  });

  it('needs both fields', () => {
    expect(loginSchema.safeParse({ email: '', password: 'x' }).success).toBe(false);
    expect(loginSchema.safeParse({ email: 'a', password: '' }).success).toBe(false);
  });
});

describe('updateProfileSchema', () => {
  it.each([
    [{ displayName: ' ' }, 'Please enter a display name'],
    [{ username: '' }, 'Username required'],
    [{ username: 'ab' }, 'Username must be 3 to 30 characters'],
    [{ username: 'has space' }, 'Username can only contain letters, numbers, dots and underscores'],
    [{ bio: 'b'.repeat(151) }, 'Bio cannot exceed 150 characters'],
  ])('%o → %s', (input, message) => {
    expect(firstMessage(updateProfileSchema.safeParse(input))).toBe(message);
  });

  it('accepts a 150-character bio and clearing the picture', () => {
    expect(
      updateProfileSchema.safeParse({ bio: 'b'.repeat(150), profilePicture: null }).success,
    ).toBe(true);
  });
});
