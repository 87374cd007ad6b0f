import { useFormContext } from 'react-hook-form';
import { CREATE_FORM_CATEGORY_LABELS, DARE_CATEGORIES } from '@/contracts/dare-values';
import { DESCRIPTION_MAX, FUNDING_DURATIONS_DAYS, TITLE_MAX } from '@/contracts/limits';
import { FormField, fieldA11y } from '@/web/components/ui/form-field';
import { AdornedInput, Input, Textarea } from '@/web/components/ui/input';
import { cn } from '@/web/lib/cn';
import type { CreateDareFields } from '../lib/create-dare-form';
import { ContentRatingField } from './content-rating-field';
import { NativeSelect } from './native-select';

function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <span
      id={id}
      className={cn('text-xs tabular-nums', length > max ? 'text-danger' : 'text-ink-muted')}
    >
      {length}/{max}
    </span>
  );
}

/** Title, description, goal, duration, category and rating (spec section 5 "Create dare"). */
export function DareDetailsFields() {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<CreateDareFields>();
  const titleLength = (watch('title') ?? '').length;
  const descriptionLength = (watch('description') ?? '').length;
  const describe = (id: string, error?: string) =>
    [error ? `${id}-error` : null, `${id}-count`].filter(Boolean).join(' ');

  return (
    <>
      <FormField
        id="dare-title"
        label="Title"
        error={errors.title?.message}
        aside={<Counter id="dare-title-count" length={titleLength} max={TITLE_MAX} />}
      >
        <Input
          {...register('title')}
          id="dare-title"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describe('dare-title', errors.title?.message)}
          placeholder="Eat the world's hottest pepper"
          autoComplete="off"
        />
      </FormField>
      <FormField
        id="dare-description"
        label="Description"
        error={errors.description?.message}
        aside={
          <Counter id="dare-description-count" length={descriptionLength} max={DESCRIPTION_MAX} />
        }
      >
        <Textarea
          {...register('description')}
          id="dare-description"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describe('dare-description', errors.description?.message)}
          rows={4}
          placeholder="What exactly will happen, and how will people know it's done?"
        />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="dare-target" label="Target amount" error={errors.targetAmount?.message}>
          <AdornedInput
            adornment="$"
            {...fieldA11y('dare-target', errors.targetAmount?.message)}
            {...register('targetAmount', { valueAsNumber: true })}
            type="number"
            inputMode="decimal"
            min={5}
            step="any"
          />
        </FormField>
        <FormField id="dare-duration" label="Funding duration" error={errors.duration?.message}>
          <NativeSelect
            {...fieldA11y('dare-duration', errors.duration?.message)}
            {...register('duration')}
          >
            {FUNDING_DURATIONS_DAYS.map((days) => (
              <option key={days} value={String(days)}>
                {days} days
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField id="dare-category" label="Category" error={errors.category?.message}>
        <NativeSelect
          {...fieldA11y('dare-category', errors.category?.message)}
          {...register('category')}
        >
          <option value="" disabled>
            Select a category
          </option>
          {DARE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CREATE_FORM_CATEGORY_LABELS[category]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <ContentRatingField />
    </>
  );
}
