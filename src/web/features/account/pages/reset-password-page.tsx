import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, Redirect, useSearch } from 'wouter';
import type { z } from 'zod';
import { type PasswordResetConfirmInput, passwordResetConfirmSchema } from '@/contracts/account';
import { PASSWORD_MIN } from '@/contracts/limits';
import { PageHeader } from '@/web/components/layout/page-header';
import { Button } from '@/web/components/ui/button';
import { FormField, fieldA11y } from '@/web/components/ui/form-field';
import { PasswordInput } from '@/web/components/ui/password-input';
import { toast } from '@/web/components/ui/toast-store';
import { useConfirmPasswordReset } from '../api/account-links';

/**
 * /reset-password?token=: the new password twice, with the register form's rules and texts;
 * on success the person is signed in here and lands on the feed.
 */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const reset = useConfirmPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetConfirmInput, unknown, z.output<typeof passwordResetConfirmSchema>>({
    resolver: zodResolver(passwordResetConfirmSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  if (reset.isSuccess) return <Redirect to="/" replace />;
  const hint = `At least ${PASSWORD_MIN} characters`;
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title="Choose a new password" />
      <form
        noValidate
        aria-label="Reset password"
        onSubmit={handleSubmit((values) =>
          reset.mutate(values, {
            onSuccess: () => toast({ title: 'Your password was changed' }),
          }),
        )}
        className="flex flex-col gap-4 px-5 py-6"
      >
        <FormField
          id="reset-password"
          label="New password"
          error={errors.password?.message}
          hint={hint}
        >
          <PasswordInput
            {...fieldA11y('reset-password', errors.password?.message, hint)}
            {...register('password')}
            autoComplete="new-password"
          />
        </FormField>
        <FormField
          id="reset-confirm-password"
          label="Confirm password"
          error={errors.confirmPassword?.message}
        >
          <PasswordInput
            {...fieldA11y('reset-confirm-password', errors.confirmPassword?.message)}
            {...register('confirmPassword')}
            autoComplete="new-password"
          />
        </FormField>
        <Button type="submit" size="lg" busy={reset.isPending} className="w-full">
          Set new password
        </Button>
        {reset.isError && (
          <p role="alert" className="text-sm text-danger">
            {reset.error.message}{' '}
            <Link href="/forgot-password" className="font-medium underline">
              Send a new link
            </Link>
          </p>
        )}
      </form>
    </div>
  );
}
