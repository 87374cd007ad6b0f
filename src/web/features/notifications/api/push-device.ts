import { useCallback, useEffect, useState } from 'react';
import type { PushSubscriptionId, VapidPublicKey } from '@/contracts/push';
import { apiRequest, isApiError } from '@/web/lib/api-client';
import {
  notificationPermission,
  type PushUnavailable,
  pushSupported,
  readyRegistration,
  rememberSubscription,
  storedSubscription,
  subscribeBrowser,
} from '../lib/push-device';

/** POST /api/push-subscriptions: 201 or 200 with the subscription's id. */
const registerOnServer = (subscription: PushSubscription) =>
  apiRequest<PushSubscriptionId>('/api/push-subscriptions', {
    method: 'POST',
    body: subscription.toJSON(),
  });

/** DELETE /api/push-subscriptions/{id}; a 404 means it is gone already, which is the goal. */
async function deleteOnServer(id: number) {
  try {
    await apiRequest(`/api/push-subscriptions/${id}`, { method: 'DELETE' });
  } catch (error) {
    if (!isApiError(error, 404)) throw error;
  }
}

export type PushDeviceState =
  | { status: 'checking' }
  | { status: 'unavailable'; reason: PushUnavailable }
  | { status: 'ready'; on: boolean; busy: boolean; error?: string };

/**
 * 'Push notifications on this device' for the signed-in `userId`: what the switch shows, and
 * turning it on (permission, subscribe with the server's VAPID key, register) or off
 * (delete on the server, unsubscribe the browser).
 */
export function usePushDevice(userId: number) {
  const [state, setState] = useState<PushDeviceState>({ status: 'checking' });

  useEffect(() => {
    let live = true;
    void readDeviceState(userId).then((next) => {
      if (live) setState(next);
    });
    return () => {
      live = false;
    };
  }, [userId]);

  const setOn = useCallback(
    async (on: boolean) => {
      setState({ status: 'ready', on: !on, busy: true });
      try {
        const next = on ? await turnOn(userId) : await turnOff();
        setState(next);
      } catch (error) {
        setState({
          status: 'ready',
          on: !on,
          busy: false,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    },
    [userId],
  );

  return { state, setOn };
}

/**
 * The switch's state on opening: on when this browser holds a subscription that this account
 * registered. That one is registered again (idempotent), so a row the server dropped (a
 * session ended elsewhere) comes back for its owner.
 */
async function readDeviceState(userId: number): Promise<PushDeviceState> {
  if (!pushSupported()) return { status: 'unavailable', reason: 'unsupported' };
  if (notificationPermission() === 'denied') return { status: 'unavailable', reason: 'denied' };
  const registration = await readyRegistration();
  if (!registration) return { status: 'unavailable', reason: 'no-worker' };
  const subscription = await registration.pushManager.getSubscription();
  const stored = storedSubscription();
  const ours =
    subscription !== null &&
    notificationPermission() === 'granted' &&
    stored?.endpoint === subscription.endpoint &&
    stored.userId === userId;
  if (!ours) return { status: 'ready', on: false, busy: false };
  try {
    const { id } = await registerOnServer(subscription);
    rememberSubscription({ endpoint: subscription.endpoint, id, userId });
  } catch {
    // Shown as on all the same: it is this browser's state, and the next opening retries.
  }
  return { status: 'ready', on: true, busy: false };
}

async function turnOn(userId: number): Promise<PushDeviceState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return { status: 'unavailable', reason: 'denied' };
  if (permission !== 'granted') {
    return {
      status: 'ready',
      on: false,
      busy: false,
      error: 'Allow notifications when your browser asks, to turn this on.',
    };
  }
  const registration = await readyRegistration();
  if (!registration) return { status: 'unavailable', reason: 'no-worker' };
  const { publicKey } = await apiRequest<VapidPublicKey>('/api/push/vapid-public-key');
  const subscription = await subscribeBrowser(registration, publicKey);
  try {
    const { id } = await registerOnServer(subscription);
    rememberSubscription({ endpoint: subscription.endpoint, id, userId });
  } catch (error) {
    // Not registered (say, ten devices already): the browser keeps no subscription either.
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  return { status: 'ready', on: true, busy: false };
}

async function turnOff(): Promise<PushDeviceState> {
  const stored = storedSubscription();
  if (stored) await deleteOnServer(stored.id);
  const registration = await readyRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
  rememberSubscription(null);
  return { status: 'ready', on: false, busy: false };
}

/**
 * Signing out: this browser stops getting the account's pushes. The server deletes the
 * session's subscriptions itself (endSessions); the browser's own is dropped here so the
 * next account on this browser starts with the switch off. Best effort and bounded: it
 * never holds up the sign-out.
 */
export async function forgetPushOnThisDevice(): Promise<void> {
  if (!pushSupported() || !storedSubscription()) return;
  rememberSubscription(null);
  const registration = await readyRegistration(1000);
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
