import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { passwordResetRequestSchema } from '@/contracts/account';
import { PageHeader } from '@/web/components/layout/page-header';
import { Button } from '@/web/components/ui/button';
import { FormField, fieldA11y } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useRequestPasswordReset } from '../api/account-links';

type Values = z.input<typeof passwordResetRequestSchema>;

/** /forgot-password: an email field and 'Send reset link' (issue 20 item 2). */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof passwordResetRequestSchema>>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });
  const error = errors.email?.message;
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title="Forgot password" backTo="/auth" />
      <form
        noValidate
        aria-label="Forgot password"
        onSubmit={handleSubmit((values) => request.mutate(values.email))}
        className="flex flex-col gap-4 px-5 py-6"
      >
        <p className="text-sm text-ink-muted">
          Enter the email of your account and we will send you a link to choose a new password.
        </p>
        <FormField id="forgot-email" label="Email" error={error}>
          <Input
            {...fieldA11y('forgot-email', error)}
            {...register('email')}
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="you@example.com"
          />
        </FormField>
        <Button type="submit" size="lg" busy={request.isPending} className="w-full">
          Send reset link
        </Button>
        <p aria-live="polite" role="status" className="text-sm text-ink">
          {request.isSuccess ? request.data.message : request.isError ? request.error.message : ''}
        </p>
        <Link href="/auth" className="text-sm font-medium text-brand underline">
          Back to log in
        </Link>
      </form>
    </div>
  );
}
