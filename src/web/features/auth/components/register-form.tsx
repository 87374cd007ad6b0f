import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type RegisterInput, registerSchema } from '@/contracts/auth';
import { PASSWORD_MIN } from '@/contracts/limits';
import { Button } from '@/web/components/ui/button';
import { FormField, fieldA11y } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { PasswordInput } from '@/web/components/ui/password-input';
import { type RegisterPayload, useRegister } from '../api/register';

export function RegisterForm() {
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    formState: { errors },
  } = useForm<RegisterInput, unknown, RegisterPayload>({
    resolver: zodResolver(registerSchema),
    defaultValues: { email: '', displayName: '', password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const passwordHint = `At least ${PASSWORD_MIN} characters`;

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => registration.mutate(values))}
      className="flex flex-col gap-4"
      aria-label="Register"
    >
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldA11y('register-email', errors.email?.message)}
          {...register('email')}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
        />
      </FormField>
      <FormField
        id="register-display-name"
        label={
          <>
            Display name <span className="font-normal text-ink-muted">(optional)</span>
          </>
        }
        error={errors.displayName?.message}
      >
        <Input
          {...fieldA11y('register-display-name', errors.displayName?.message)}
          {...register('displayName')}
          autoComplete="nickname"
          placeholder="How others see you"
        />
      </FormField>
      <FormField
        id="register-password"
        label="Password"
        error={errors.password?.message}
        hint={passwordHint}
      >
        <PasswordInput
          {...fieldA11y('register-password', errors.password?.message, passwordHint)}
          {...register('password', {
            onChange: () => {
              if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
            },
          })}
          autoComplete="new-password"
        />
      </FormField>
      <FormField
        id="register-confirm-password"
        label="Confirm password"
        error={errors.confirmPassword?.message}
      >
        <PasswordInput
          {...fieldA11y('register-confirm-password', errors.confirmPassword?.message)}
          {...register('confirmPassword')}
          autoComplete="new-password"
        />
      </FormField>
      <Button type="submit" size="lg" busy={registration.isPending} className="mt-1 w-full">
        {registration.isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
