import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type ChangePasswordInput, changePasswordSchema } from '@/contracts/account-security';
import { Button } from '@/web/components/ui/button';
import { FormField, fieldA11y } from '@/web/components/ui/form-field';
import { PasswordInput } from '@/web/components/ui/password-input';
import { toast } from '@/web/components/ui/toast-store';
import { useChangePassword } from '../api/account-security';

const FIELDS = [
  ['currentPassword', 'Current password', 'current-password'],
  ['newPassword', 'New password', 'new-password'],
  ['confirmPassword', 'Confirm new password', 'new-password'],
] as const;

/** Change password: the current one proves it is you; other devices are signed out. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });

  const submit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        reset();
        toast({ title: 'Password changed', description: 'Other devices were signed out.' });
      },
      // The server's reason belongs to the field it is about; anything else to a toast.
      onError: (error) =>
        error.message === 'Current password is incorrect'
          ? setError('currentPassword', { message: error.message }, { shouldFocus: true })
          : toast({
              title: 'Password not changed',
              description: error.message,
              variant: 'destructive',
            }),
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Change password">
      {FIELDS.map(([name, label, autoComplete]) => (
        <FormField key={name} id={`security-${name}`} label={label} error={errors[name]?.message}>
          <PasswordInput
            {...fieldA11y(`security-${name}`, errors[name]?.message)}
            {...register(name)}
            autoComplete={autoComplete}
          />
        </FormField>
      ))}
      <Button type="submit" busy={change.isPending} className="w-full">
        {change.isPending ? 'Changing...' : 'Change password'}
      </Button>
    </form>
  );
}
