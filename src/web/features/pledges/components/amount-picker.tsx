import { useEffect, useRef, useState } from 'react';
import { AdornedInput } from '@/web/components/ui/input';
import { cn } from '@/web/lib/cn';
import { type AmountChoice, customAmountError, PRESET_AMOUNTS } from '../lib/pledge-amount';

interface AmountPickerProps {
  value: AmountChoice;
  onChange: (value: AmountChoice) => void;
  disabled?: boolean;
  /** Keeps ids and radio names unique per screen. */
  idPrefix: string;
  /** An error to show under the custom field (e.g. after a rejected Continue). */
  error?: string | null;
}

const chip =
  'flex h-12 cursor-pointer items-center justify-center rounded-xl border text-base font-semibold ' +
  'transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent/60 ' +
  'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60';

/**
 * $5 $10 $20 $50 $100 and Custom as native radios (arrow keys move between them, screen
 * readers announce "radio, 3 of 6"); Custom reveals a numeric field that gets the focus.
 */
export function AmountPicker({ value, onChange, disabled, idPrefix, error }: AmountPickerProps) {
  const custom = value.selected === 'custom';
  const customId = `${idPrefix}-custom-amount`;
  // The field judges a value once the user leaves it, not at every keystroke of "10".
  const [touched, setTouched] = useState(false);
  const message = error ?? (touched ? customAmountError(value) : null);
  const previous = useRef(value.selected);

  useEffect(() => {
    // Only when Custom has just been picked, not when the picker mounts already on Custom.
    if (custom && previous.current !== 'custom') document.getElementById(customId)?.focus();
    previous.current = value.selected;
  }, [custom, value.selected, customId]);

  const options = [
    ...PRESET_AMOUNTS.map((dollars) => ({ key: String(dollars), label: `$${dollars}`, dollars })),
    { key: 'custom', label: 'Custom', dollars: 'custom' as const },
  ];

  return (
    <div className="flex flex-col gap-3">
      <fieldset disabled={disabled} className="grid grid-cols-3 gap-2">
        <legend className="mb-2 text-sm font-medium text-ink">Choose an amount</legend>
        {options.map((option, index) => {
          const checked = value.selected === option.dollars;
          // One tab stop for the group, as the browser itself treats it: the chosen amount,
          // or $5 before any is chosen. Radix's focus trap counts every radio with tabIndex 0
          // as a stop of its own, so with Continue still disabled it took the last radio for
          // the dialog's end and Tab bounced back to $5 forever. Arrows still move within.
          const tabStop = checked || (value.selected === null && index === 0);
          return (
            <label
              key={option.key}
              className={cn(
                chip,
                checked
                  ? 'border-brand bg-brand-strong text-white'
                  : 'border-line bg-surface-raised text-ink hover:border-ink-muted/60',
              )}
            >
              <input
                type="radio"
                name={`${idPrefix}-amount`}
                value={option.key}
                checked={checked}
                tabIndex={tabStop ? 0 : -1}
                onChange={() => onChange({ ...value, selected: option.dollars })}
                className="sr-only"
              />
              {option.label}
            </label>
          );
        })}
      </fieldset>
      {custom && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={customId} className="text-sm font-medium text-ink">
            Custom amount
          </label>
          <AdornedInput
            adornment="$"
            id={customId}
            type="number"
            inputMode="decimal"
            min={5}
            step="any"
            placeholder="Minimum $5"
            disabled={disabled}
            value={value.customText}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${customId}-error` : undefined}
            onBlur={() => setTouched(true)}
            onChange={(event) => onChange({ ...value, customText: event.target.value })}
          />
        </div>
      )}
      {/* Always in the page (a live region must exist before its text), and a line tall
          while Custom is open, so a message appearing on blur never moves the button under
          a pointer that is on its way to it. */}
      <p
        id={`${customId}-error`}
        aria-live="polite"
        className={cn('text-sm text-danger', custom ? 'min-h-5' : 'empty:-mt-3')}
      >
        {message ?? ''}
      </p>
    </div>
  );
}
