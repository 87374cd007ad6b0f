import { z } from 'zod';
import { pushKeyProblem } from '../domain/push-keys';
import { text } from './common';
import { PUSH_ENDPOINT_MAX } from './limits';
import type { NotificationKind } from './notifications';

/**
 * Push notifications (issue 22 item 5, decision 0053). The words of every refusal, shown as
 * they are by the settings switch.
 */
export const PUSH_MESSAGES = {
  malformedEndpoint: 'The push subscription endpoint must be a valid URL',
  notHttps: 'The push subscription endpoint must be an https URL',
  privateAddress: 'The push subscription endpoint must be on a public address',
  badP256dh: 'The push subscription key p256dh must be a P-256 public key (65 bytes, base64url)',
  badAuth: 'The push subscription key auth must be 16 bytes, base64url',
  tooMany: 'Push notifications are on for 10 devices already. Turn them off on one first.',
  notFound: 'Push subscription not found',
} as const;

/**
 * The notification kinds that are pushed (issue 22: new pledge, proof to vote on, dare
 * resolved, request received), each only while its Notification Settings switch is on. New
 * messages are pushed too (they are not notifications; see push/queue-push.ts).
 */
export const PUSHED_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'pledge_received',
  'proof_submitted',
  'dare_completed',
  'proof_rejected',
  'dare_failed',
  'dare_request_received',
  'challenge_received',
];

/**
 * POST /api/push-subscriptions: the browser's PushSubscription as `toJSON()` gives it. The
 * endpoint's address rules (https, public host) depend on the server's configuration and are
 * checked by the service; the keys are checked here.
 */
export const pushSubscriptionBodySchema = z
  .object({
    endpoint: text('Endpoint', PUSH_MESSAGES.malformedEndpoint)
      .min(1, PUSH_MESSAGES.malformedEndpoint)
      .max(PUSH_ENDPOINT_MAX, PUSH_MESSAGES.malformedEndpoint),
    // Browsers send null (or a time) here; the server does not use it.
    expirationTime: z.number().nullable().optional(),
    keys: z.object(
      {
        p256dh: text('p256dh', PUSH_MESSAGES.badP256dh).max(100, PUSH_MESSAGES.badP256dh),
        auth: text('auth', PUSH_MESSAGES.badAuth).max(32, PUSH_MESSAGES.badAuth),
      },
      { error: PUSH_MESSAGES.badP256dh },
    ),
  })
  .superRefine((body, context) => {
    const problem = pushKeyProblem(body.keys);
    if (problem === 'p256dh') {
      context.addIssue({
        code: 'custom',
        path: ['keys', 'p256dh'],
        message: PUSH_MESSAGES.badP256dh,
      });
    } else if (problem === 'auth') {
      context.addIssue({ code: 'custom', path: ['keys', 'auth'], message: PUSH_MESSAGES.badAuth });
    }
  });
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** 201 (a new device) or 200 (the same endpoint again): the id to DELETE it by. */
export const pushSubscriptionIdSchema = z.object({ id: z.number().int() });
export type PushSubscriptionId = z.infer<typeof pushSubscriptionIdSchema>;

/** GET /api/push/vapid-public-key: the applicationServerKey browsers subscribe with. */
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });
export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;
