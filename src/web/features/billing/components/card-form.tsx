import { type FormEvent, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { CardFields, type CardFieldsBody, emptyCardFields, parseCardFields } from './card-fields';

interface CardFormProps {
  /** Shows the "Make this my default card" choice (adding, not replacing). */
  offerDefault: boolean;
  submitLabel: string;
  busy: boolean;
  /** The server's words for the last failure (a declined card, an expired one...). */
  serverError: string | null;
  onSubmit: (card: CardFieldsBody, setAsDefault: boolean) => void;
  onCancel: () => void;
  /** Called when a field changes, so a stale server error can be cleared. */
  onEdit?: () => void;
}

/** The card fields with their submit, for adding a card or replacing one. */
export function CardForm(props: CardFormProps) {
  const { offerDefault, submitLabel, busy, serverError, onSubmit, onCancel, onEdit } = props;
  const [value, setValue] = useState(emptyCardFields);
  const [setAsDefault, setSetAsDefault] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const error = localError ?? serverError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = parseCardFields(value);
    if (!parsed.ok) return setLocalError(parsed.message);
    setLocalError(null);
    onSubmit(parsed.body, setAsDefault);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-busy={busy || undefined}
      className="flex flex-col gap-4"
    >
      <CardFields
        value={value}
        onChange={(next) => {
          setValue(next);
          setLocalError(null);
          onEdit?.();
        }}
        disabled={busy}
        idPrefix="billing-card"
      />
      {offerDefault && (
        <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
          <input
            type="checkbox"
            checked={setAsDefault}
            disabled={busy}
            onChange={(event) => setSetAsDefault(event.target.checked)}
            className="size-5 accent-brand-strong"
          />
          Make this my default card
        </label>
      )}
      {/* Always in the page, so screen readers announce the message when it appears. */}
      <p role="alert" aria-live="assertive" className="min-h-5 text-sm text-danger empty:min-h-0">
        {error}
      </p>
      <div className="flex gap-3">
        <Button variant="outline" className="flex-1" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" className="flex-[2]" busy={busy}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
