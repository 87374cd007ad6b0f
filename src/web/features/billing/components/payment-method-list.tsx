import { CreditCard, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import type { SavedPaymentMethod } from '@/contracts/billing';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cardLabel, formatExpiry } from '../lib/card-display';
import { CardTitle } from './card-title';

export type CardAction = 'default' | 'replace' | 'delete';

interface PaymentMethodListProps {
  methods: SavedPaymentMethod[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  /** The card whose action is running, so only its buttons wait. */
  busyId: string | null;
  canReplace: boolean;
  onAction: (action: CardAction, method: SavedPaymentMethod) => void;
}

export function PaymentMethodList(props: PaymentMethodListProps) {
  const { methods, isPending, isError, onRetry } = props;
  if (isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only">Loading payment methods</span>
        <Skeleton className="h-[104px] w-full rounded-2xl" />
        <Skeleton className="h-[104px] w-full rounded-2xl" />
      </div>
    );
  }
  if (isError || !methods) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-line p-5 text-center">
        <p className="text-sm text-ink-muted">Your saved cards could not be loaded.</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  if (methods.length === 0) {
    return (
      <EmptyState
        icon={CreditCard}
        headingLevel={3}
        title="No saved cards"
        description="Add a card to pledge in a couple of taps."
        className="rounded-2xl border border-dashed border-line py-6"
      />
    );
  }
  return (
    <ul aria-label="Saved cards" className="flex flex-col gap-2">
      {methods.map((method) => (
        <PaymentMethodRow key={method.id} method={method} {...props} />
      ))}
    </ul>
  );
}

function PaymentMethodRow({
  method,
  busyId,
  canReplace,
  onAction,
}: { method: SavedPaymentMethod } & PaymentMethodListProps) {
  const titleId = useId();
  const busy = busyId === method.id;
  const action = (which: CardAction) => () => onAction(which, method);
  // Each button is described by its card, so "Delete" is heard as "Delete, Visa ending in 4242".
  const described = { 'aria-describedby': titleId, disabled: busyId !== null };
  return (
    <li className="rounded-2xl border border-line bg-surface-raised/40 p-3.5">
      <div className="flex items-center gap-3">
        <span className="flex h-9 w-12 shrink-0 items-center justify-center rounded-lg bg-surface-raised text-ink-muted">
          <CreditCard className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-ink">
            <CardTitle method={method} />
            <span id={titleId} className="sr-only">
              {cardLabel(method)}
            </span>
          </p>
          <p className="mt-0.5 flex items-center gap-2 text-xs text-ink-muted">
            Expires {formatExpiry(method)}
            {method.isDefault && (
              <span className="rounded-full bg-accent/15 px-2 py-0.5 font-semibold text-accent">
                Default
              </span>
            )}
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {!method.isDefault && (
          <Button
            size="sm"
            variant="secondary"
            busy={busy}
            onClick={action('default')}
            {...described}
          >
            Set as default
          </Button>
        )}
        {canReplace && (
          <Button size="sm" variant="outline" onClick={action('replace')} {...described}>
            Replace
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto text-danger"
          onClick={action('delete')}
          {...described}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
