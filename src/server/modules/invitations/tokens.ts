import { randomBytes } from 'node:crypto';
import { isInvitationToken } from '@/contracts/invitations';
import type { AppContext } from '../../context';
import { tokenHash } from '../auth/session-store';

/**
 * A new invitation token: 32 random bytes (base64url, 43 characters), and the keyed hash
 * that is all the database keeps (the same HMAC as session tokens).
 */
export function newInvitationToken(ctx: AppContext): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(ctx, token) };
}

/** The hash to look a presented token up by; null for anything that cannot be a token. */
export function hashOfPresentedToken(ctx: AppContext, token: string): string | null {
  return isInvitationToken(token) ? tokenHash(ctx, token) : null;
}

export const invitationUrl = (publicUrl: string, token: string) => `${publicUrl}/invite/${token}`;
