import { Controller, useFormContext } from 'react-hook-form';
import { FormField, fieldA11y } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import type { CreateDareFields } from '../lib/create-dare-form';
import { NativeSelect } from './native-select';

const RECIPIENT_OPTIONS = [
  { value: 'phone', label: 'Phone' },
  { value: 'email', label: 'Email' },
  { value: 'public', label: 'Public' },
] as const;

function RecipientFields() {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<CreateDareFields>();
  const recipientType = watch('recipientType');
  const contactError = errors.recipientContact?.message;

  return (
    <div className="flex flex-col gap-4 pt-4">
      <FormField
        id="dare-recipient-type"
        label="Who are you daring?"
        error={errors.recipientType?.message}
        hint={
          recipientType === 'public'
            ? 'Anyone can accept a public dare. It needs a pitch video and $5 of funding to go live.'
            : undefined
        }
      >
        <NativeSelect
          {...fieldA11y(
            'dare-recipient-type',
            errors.recipientType?.message,
            recipientType === 'public',
          )}
          {...register('recipientType', { setValueAs: (value) => value || undefined })}
        >
          <option value="">Choose how to reach them</option>
          {RECIPIENT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {recipientType === 'email' && (
        <FormField id="dare-recipient-contact" label="Their email" error={contactError}>
          <Input
            {...fieldA11y('dare-recipient-contact', contactError)}
            {...register('recipientContact')}
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="friend@example.com"
          />
        </FormField>
      )}
      {recipientType === 'phone' && (
        <FormField id="dare-recipient-contact" label="Their phone number" error={contactError}>
          <Input
            {...fieldA11y('dare-recipient-contact', contactError)}
            {...register('recipientContact')}
            type="tel"
            autoComplete="off"
            placeholder="+1 555 123 4567"
          />
        </FormField>
      )}
    </div>
  );
}

/** "Create for Yourself" (self) or "Dare Someone Else" (challenge) sets dareType. */
export function DareTypeSection() {
  const { control } = useFormContext<CreateDareFields>();
  return (
    <Controller
      control={control}
      name="dareType"
      render={({ field, fieldState }) => (
        <Tabs value={field.value} onValueChange={(value) => field.onChange(value)}>
          <TabsList aria-label="Who takes the dare">
            <TabsTrigger value="self" className="px-1.5 text-[13px] whitespace-nowrap">
              Create for Yourself
            </TabsTrigger>
            <TabsTrigger value="challenge" className="px-1.5 text-[13px] whitespace-nowrap">
              Dare Someone Else
            </TabsTrigger>
          </TabsList>
          {fieldState.error && (
            <p className="mt-1.5 text-sm text-danger">{fieldState.error.message}</p>
          )}
          <TabsContent value="self">
            <p className="pt-3 text-sm text-ink-muted">
              You take the dare: pitch it, people fund it, you prove you did it.
            </p>
          </TabsContent>
          <TabsContent value="challenge">
            <RecipientFields />
          </TabsContent>
        </Tabs>
      )}
    />
  );
}
