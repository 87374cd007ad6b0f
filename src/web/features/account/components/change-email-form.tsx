import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  type ChangeEmailInput,
  changeEmailSchema,
  EMAIL_CHANGE_MESSAGES,
} from '@/contracts/account-security';
import { Button } from '@/web/components/ui/button';
import { FormField, fieldA11y } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { PasswordInput } from '@/web/components/ui/password-input';
import { useRequestEmailChange } from '../api/account-security';

/**
 * Change email: the password proves it is you; the account keeps its address until the link
 * sent to the new one is opened, so the form ends by saying where to look.
 */
export function ChangeEmailForm({ current }: { current: string }) {
  const change = useRequestEmailChange();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });

  const submit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => reset(),
      // The server's reason goes under the field it is about; anything else under the form.
      onError: (error) => {
        if (error.message === EMAIL_CHANGE_MESSAGES.wrongPassword)
          setError('password', { message: error.message }, { shouldFocus: true });
        else if (error.message !== '' && /email/i.test(error.message))
          setError('email', { message: error.message }, { shouldFocus: true });
      },
    }),
  );
  const fieldError = errors.email?.message ?? errors.password?.message;
  const otherError = change.isError && !fieldError ? change.error.message : null;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Change email">
      <p className="text-sm text-ink-muted">
        Now: <span className="font-medium text-ink">{current}</span>
      </p>
      <FormField id="security-new-email" label="New email" error={errors.email?.message}>
        <Input
          {...fieldA11y('security-new-email', errors.email?.message)}
          {...register('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
      </FormField>
      <FormField id="security-email-password" label="Password" error={errors.password?.message}>
        <PasswordInput
          {...fieldA11y('security-email-password', errors.password?.message)}
          {...register('password')}
          autoComplete="current-password"
        />
      </FormField>
      {change.isSuccess ? (
        <p role="status" className="rounded-lg bg-surface-raised p-3 text-sm text-ink">
          {change.data.message}
        </p>
      ) : null}
      {otherError ? (
        <p role="alert" className="text-sm text-danger">
          {otherError}
        </p>
      ) : null}
      <Button type="submit" busy={change.isPending} className="w-full">
        {change.isPending ? 'Sending...' : 'Send confirmation link'}
      </Button>
    </form>
  );
}
