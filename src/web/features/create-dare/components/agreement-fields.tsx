import { TriangleAlert } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { DARE_MESSAGES } from '@/contracts/dare-values';
import type { CreateDareFields } from '../lib/create-dare-form';

type AgreementName = 'termsAccepted' | 'liabilityAccepted' | 'safetyAccepted';

const AGREEMENTS: Array<{ name: AgreementName; label: string }> = [
  { name: 'termsAccepted', label: 'I accept the terms and conditions' },
  {
    name: 'liabilityAccepted',
    label: 'I accept the liability waiver: I take part at my own risk',
  },
  { name: 'safetyAccepted', label: 'I confirm this dare is safe and legal' },
];

/** The safety warning and the three required boxes (spec section 5). */
export function AgreementFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<CreateDareFields>();
  return (
    <>
      <p className="flex gap-2.5 rounded-2xl border border-amber-400/40 bg-amber-400/10 p-3 text-sm text-amber-100">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
        {DARE_MESSAGES.dangerous}
      </p>
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">Agreements</legend>
        {AGREEMENTS.map(({ name, label }) => {
          const error = errors[name]?.message;
          const id = `dare-${name}`;
          return (
            <div key={name} className="flex flex-col gap-1">
              <label
                htmlFor={id}
                className="flex cursor-pointer items-start gap-3 text-sm text-ink"
              >
                <input
                  {...register(name)}
                  id={id}
                  type="checkbox"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  className="mt-0.5 size-5 shrink-0 accent-brand-strong"
                />
                {label}
              </label>
              {error && (
                <p id={`${id}-error`} className="pl-8 text-sm text-danger">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </fieldset>
    </>
  );
}
