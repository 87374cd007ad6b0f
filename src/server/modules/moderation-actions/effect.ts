import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { AuditRow } from './audit-log';
import type { Target } from './targets';

/** What an action's effect works with: inside the action's one transaction. */
export type EffectInput = {
  ctx: AppContext;
  tx: Tx;
  target: Target;
  /** The account warn / suspend / unsuspend act on (checked by actionRefusal). */
  ownerId: number | null;
  until: Date | null;
  audit: AuditRow;
};

/**
 * What it did. `changed: false` means there was nothing for it to do (the caller answers 409,
 * which rolls the audit row back). `failedDareIds`: dares that failed now, whose holds are
 * released after the commit. `alsoResolved`: other targets this action decided (the dares a
 * suspension removed), whose open cases and reports it closes too.
 */
export type EffectResult = {
  changed: boolean;
  conflict?: string;
  failedDareIds?: number[];
  alsoResolved?: Array<Pick<Target, 'type' | 'id'>>;
};

export type Effect = (input: EffectInput) => Promise<EffectResult>;
