import { useId } from 'react';
import { fieldA11y } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { localDateInput } from '../lib/suspension-date';

export type SuspensionLength = { kind: 'until'; date: string } | { kind: 'forGood' };

interface SuspensionChoiceProps {
  value: SuspensionLength;
  onChange: (value: SuspensionLength) => void;
  error?: string;
}

/** How long a suspension lasts: until a day (a date input) or for good. */
export function SuspensionChoice({ value, onChange, error }: SuspensionChoiceProps) {
  const id = useId();
  const dateId = `${id}-date`;
  const date = value.kind === 'until' ? value.date : '';
  const radio = 'size-4 accent-brand-strong';
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">How long</legend>
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input
          type="radio"
          name={`${id}-length`}
          className={radio}
          checked={value.kind === 'until'}
          onChange={() => onChange({ kind: 'until', date })}
        />
        Until a date
      </label>
      {value.kind === 'until' && (
        <div className="flex flex-col gap-1.5 pl-7">
          <label htmlFor={dateId} className="text-sm text-ink-muted">
            Suspended until
          </label>
          <Input
            type="date"
            {...fieldA11y(dateId, error)}
            min={localDateInput(1)}
            value={date}
            onChange={(event) => onChange({ kind: 'until', date: event.target.value })}
          />
          {error && (
            <p id={`${dateId}-error`} className="text-sm text-danger">
              {error}
            </p>
          )}
        </div>
      )}
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input
          type="radio"
          name={`${id}-length`}
          className={radio}
          checked={value.kind === 'forGood'}
          onChange={() => onChange({ kind: 'forGood' })}
        />
        For good
      </label>
    </fieldset>
  );
}
