import { useFormContext } from 'react-hook-form';
import { CONTENT_RATINGS } from '@/contracts/dare-values';
import { cn } from '@/web/lib/cn';
import type { CreateDareFields } from '../lib/create-dare-form';

/**
 * The four ratings of DESIGN.md section 3 (G, PG, PG-13, R; the spec's form left out PG) fit
 * one row of segments: quicker than a select, and all visible at once.
 */
export function ContentRatingField() {
  const {
    register,
    formState: { errors },
  } = useFormContext<CreateDareFields>();
  const error = errors.contentRating?.message;
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'dare-rating-error' : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium text-ink">Content rating</legend>
      <div
        className={cn(
          'grid grid-cols-4 gap-1 rounded-xl border bg-surface p-1',
          error ? 'border-danger' : 'border-line',
        )}
      >
        {CONTENT_RATINGS.map((rating) => (
          <label
            key={rating}
            className={cn(
              'relative flex h-10 cursor-pointer items-center justify-center rounded-lg text-sm font-semibold text-ink-muted',
              'hover:text-ink has-[:checked]:bg-line has-[:checked]:text-ink',
              'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-accent',
            )}
          >
            <input {...register('contentRating')} type="radio" value={rating} className="sr-only" />
            {rating}
          </label>
        ))}
      </div>
      {error && (
        <p id="dare-rating-error" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
