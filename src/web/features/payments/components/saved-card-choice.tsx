import { CreditCard, Plus } from 'lucide-react';
import type { SavedPaymentMethod } from '@/contracts/billing';
import { CardTitle } from '@/web/features/billing/components/card-title';
import { cardLabel, formatExpiry } from '@/web/features/billing/lib/card-display';
import { cn } from '@/web/lib/cn';

/** The choice of a saved card by id, or a card typed in now. */
export const NEW_CARD = 'new';

/** The card to preselect: the default one, else the first, else a new card. */
export function initialCardChoice(methods: readonly SavedPaymentMethod[]): string {
  return (methods.find((method) => method.isDefault) ?? methods[0])?.id ?? NEW_CARD;
}

/** "Visa ending in 4242, expires 12/30" */
export function describeCard(method: SavedPaymentMethod): string {
  return `${cardLabel(method)}, expires ${formatExpiry(method)}`;
}

interface SavedCardChoiceProps {
  methods: readonly SavedPaymentMethod[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Keeps radio names unique when two forms share a screen. */
  name: string;
}

const option =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-2 text-sm ' +
  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent/60 has-[:disabled]:cursor-not-allowed';

/** Native radios (arrow keys move between them) styled as rows. */
export function SavedCardChoice({
  methods,
  value,
  onChange,
  disabled,
  name,
}: SavedCardChoiceProps) {
  const rows = [
    ...methods.map((method) => ({
      id: method.id,
      // "Visa •••• 4242  12/30" to see, whole (the expiry wraps under a long brand);
      // "Visa ending in 4242, expires 12/30" to hear.
      label: (
        <>
          <CardTitle method={method} />
          <span aria-hidden="true" className="text-xs whitespace-nowrap text-ink-muted">
            {formatExpiry(method)}
          </span>
          <span className="sr-only">{describeCard(method)}</span>
        </>
      ),
      badge: method.isDefault ? 'Default' : null,
      icon: CreditCard,
    })),
    { id: NEW_CARD, label: 'Use a new card', badge: null, icon: Plus },
  ];
  return (
    // min-w-0: a fieldset is at least as wide as its content, which would defeat wrapping.
    <fieldset className="flex min-w-0 flex-col gap-2" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-ink">Pay with</legend>
      {rows.map((row) => {
        const checked = value === row.id;
        const Icon = row.icon;
        return (
          <label
            key={row.id}
            className={cn(
              option,
              checked ? 'border-accent bg-accent/10 text-ink' : 'border-line text-ink-muted',
            )}
          >
            <input
              type="radio"
              name={name}
              value={row.id}
              checked={checked}
              onChange={() => onChange(row.id)}
              className="sr-only"
            />
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            <span className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2">
              {row.label}
            </span>
            {row.badge && (
              <span className="shrink-0 rounded-full bg-surface-raised px-2 py-0.5 text-xs text-ink-muted">
                {row.badge}
              </span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
