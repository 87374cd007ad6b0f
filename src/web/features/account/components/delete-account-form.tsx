import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  ACCOUNT_DELETION_MESSAGES,
  type DeleteAccountInput,
  deleteAccountSchema,
} from '@/contracts/account-deletion';
import { Button } from '@/web/components/ui/button';
import { FormField, fieldA11y } from '@/web/components/ui/form-field';
import { PasswordInput } from '@/web/components/ui/password-input';
import { useDeleteAccount } from '../api/delete-account';

const FIELD = 'delete-account-password';

/**
 * The password proves it is the owner; the one destructive button deletes. A wrong password
 * is the field's error; a refusal (a proof under vote, a payout not yet paid) is read out
 * as an alert above the button, in the server's words.
 */
export function DeleteAccountForm() {
  const remove = useDeleteAccount();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });

  const submit = handleSubmit((values) =>
    remove.mutate(values, {
      onError: (error) => {
        if (error.message === ACCOUNT_DELETION_MESSAGES.wrongPassword) {
          setError('password', { message: error.message }, { shouldFocus: true });
        }
      },
    }),
  );
  const passwordError = errors.password?.message;
  const refusal =
    remove.error && remove.error.message !== ACCOUNT_DELETION_MESSAGES.wrongPassword
      ? remove.error.message
      : null;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Delete account">
      <FormField id={FIELD} label="Password" error={passwordError}>
        <PasswordInput
          {...fieldA11y(FIELD, passwordError)}
          {...register('password')}
          autoComplete="current-password"
        />
      </FormField>
      {refusal && (
        <p
          role="alert"
          className="rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-ink"
        >
          {refusal}
        </p>
      )}
      <Button type="submit" variant="destructive" busy={remove.isPending} className="w-full">
        {remove.isPending ? 'Deleting...' : 'Delete my account'}
      </Button>
    </form>
  );
}
