import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { type LoginInput, loginSchema } from '@/contracts/auth';
import { Button } from '@/web/components/ui/button';
import { FormField, fieldA11y } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { PasswordInput } from '@/web/components/ui/password-input';
import { isApiError } from '@/web/lib/api-client';
import { type LoginPayload, useLogin } from '../api/login';

export function LoginForm() {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginPayload>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', rememberMe: true },
    mode: 'onTouched',
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => login.mutate(values))}
      className="flex flex-col gap-4"
      aria-label="Log in"
    >
      <FormField id="login-email" label="Email or username" error={errors.email?.message}>
        <Input
          {...fieldA11y('login-email', errors.email?.message)}
          {...register('email')}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder="you@example.com"
        />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        <PasswordInput
          {...fieldA11y('login-password', errors.password?.message)}
          {...register('password')}
          autoComplete="current-password"
        />
      </FormField>
      <Link
        href="/forgot-password"
        className="-mt-2 self-end text-sm font-medium text-brand underline-offset-2 hover:underline"
      >
        Forgot password?
      </Link>
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input
          type="checkbox"
          {...register('rememberMe')}
          className="size-5 shrink-0 rounded accent-brand-strong"
        />
        Keep me logged in for 60 days
      </label>
      {isApiError(login.error, 429) ? (
        <p role="alert" className="text-sm text-danger">
          {login.error.message}{' '}
          <Link href="/forgot-password" className="font-medium text-brand underline">
            Reset your password
          </Link>
        </p>
      ) : isApiError(login.error, 403) ? (
        <p role="alert" className="text-sm text-danger">
          {login.error.message}
        </p>
      ) : null}
      <Button type="submit" size="lg" busy={login.isPending} className="mt-1 w-full">
        {login.isPending ? 'Logging in...' : 'Log in'}
      </Button>
    </form>
  );
}
