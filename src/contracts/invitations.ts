import { z } from 'zod';
import { text } from './common';
import { dareUserSchema, dareViewSchema } from './dares';

/**
 * Challenge invitations (DESIGN.md section 6): a challenge created for an email address or
 * a phone number gets a link `/invite/{token}`. The token is 32 random bytes, base64url.
 */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const isInvitationToken = (value: string) => INVITATION_TOKEN_PATTERN.test(value);

export const INVITATION_MESSAGES = {
  /** Unknown, used, declined, expired or malformed: one answer, so tokens cannot be probed. */
  invalid: 'This invitation is invalid or has expired',
  ownChallenge: "You can't accept your own challenge",
  ownDecline: "You can't decline your own challenge",
  notInvitable: 'Only challenges sent to an email address or a phone number have an invitation',
  accepted: 'Someone has already accepted this dare',
  closed: 'This dare is no longer open',
} as const;

/**
 * Path parameter. Any string up to a sane length is accepted here and a malformed one is
 * answered like an unknown token (404), so the answer never tells which part was wrong.
 */
export const invitationTokenParamsSchema = z.object({ token: text('Token').max(200) });

/** GET /api/invitations/{token}: what the invited person sees before signing in. */
export const invitationViewSchema = z.object({
  dareId: z.number().int(),
  title: z.string(),
  description: z.string(),
  targetAmount: z.number(),
  coverImage: z.string().nullable(),
  expiresAt: z.string(),
  channel: z.enum(['email', 'phone']),
  creator: dareUserSchema,
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** POST /api/invitations/{token}/accept: the dare, now with the caller as its taker. */
export const acceptInvitationResultSchema = dareViewSchema;

/** POST /api/invitations/{token}/decline. */
export const declineInvitationResultSchema = z.object({ declined: z.literal(true) });

/** POST /api/dares/{id}/invitation (creator only): a fresh link; the previous one stops working. */
export const reissuedInvitationSchema = z.object({
  invitationUrl: z.string(),
  expiresAt: z.string(),
});
export type ReissuedInvitation = z.infer<typeof reissuedInvitationSchema>;

/**
 * How a challenge's invitation reaches the person challenged: 'email' when we emailed it
 * (a mailer is configured and the address gets mail), else 'link': the creator sends it.
 */
export const INVITATION_DELIVERIES = ['email', 'link'] as const;
export type InvitationDelivery = (typeof INVITATION_DELIVERIES)[number];

/**
 * POST /api/dares answers the dare. A challenge for an email address or a phone number also
 * says how its invitation goes out (`invitationDelivery`), and when the creator is to send it
 * ('link': every phone challenge, and an email one that was not emailed) carries the link,
 * once (only its hash is kept). It never depends on whether the address has an account.
 */
export const createdDareSchema = dareViewSchema.extend({
  invitationDelivery: z.enum(INVITATION_DELIVERIES).optional(),
  invitationUrl: z.string().optional(),
});
export type CreatedDare = z.infer<typeof createdDareSchema>;
