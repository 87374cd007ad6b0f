import { paymentGateway } from '../../adapters/payments/create-gateway';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import type { AppContext } from '../../context';

/**
 * What the funding services take besides the context. Both are injectable so tests (and the
 * job runner's deterministic tick) can age holds: the simulated gateway decides lapses by
 * its own clock, and the services stamp authorizedAt / actionRequiredAt with `now`.
 */
export type FundingOptions = {
  gateway?: PaymentGateway;
  now?: () => Date;
  /** Long loops stop between pages of pledges when this fires (the job runner is stopping). */
  signal?: AbortSignal;
  /** Settlement stops between pages after this moment (ms since the epoch): the job's slice. */
  deadline?: number;
};

export type FundingEnv = { gateway: PaymentGateway; now: () => Date; signal?: AbortSignal };

export function fundingEnv(ctx: AppContext, options: FundingOptions = {}): FundingEnv {
  return {
    gateway: options.gateway ?? paymentGateway(ctx),
    now: options.now ?? (() => new Date()),
    signal: options.signal,
  };
}

/** Dares whose holds must stay alive: they can still be funded or are still to resolve. */
export const OPEN_DARE_STATUSES = ['pending', 'active', 'verification'] as const;
