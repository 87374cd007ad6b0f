import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { type PayoutDetails, payoutDetailsSchema } from '@/contracts/billing';
import { Button } from '@/web/components/ui/button';
import { FormField, fieldA11y } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useVerifyPayoutAccount } from '../api/payout-account';

/**
 * Stripe's documented test bank details, hinted below the fields so testers need not look
 * them up (never as placeholders: those looked like values already typed).
 */
const TEST_ROUTING = '110000000';
const TEST_ACCOUNT = '000123456789';

interface PayoutOnboardingFormProps {
  accountId: string;
  onVerified: () => void;
}

/**
 * Test mode's stand-in for Stripe's hosted onboarding. The server checks the details and keeps
 * only "verified"; nothing typed here is stored.
 */
export function PayoutOnboardingForm({ accountId, onVerified }: PayoutOnboardingFormProps) {
  const verify = useVerifyPayoutAccount();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PayoutDetails>({
    resolver: zodResolver(payoutDetailsSchema),
    defaultValues: { legalName: '', dateOfBirth: '', routingNumber: '', accountNumber: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((values) =>
    verify.mutate({ ...values, accountId }, { onSuccess: onVerified }),
  );

  const field = (id: string, error?: string, hint?: string) => fieldA11y(id, error, hint);
  const routingHint = `Test value: ${TEST_ROUTING}`;
  const accountHint = `Test value: ${TEST_ACCOUNT}`;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormField id="payout-legal-name" label="Legal name" error={errors.legalName?.message}>
        <Input
          {...field('payout-legal-name', errors.legalName?.message)}
          autoComplete="name"
          {...register('legalName')}
        />
      </FormField>
      <FormField id="payout-dob" label="Date of birth" error={errors.dateOfBirth?.message}>
        <Input
          {...field('payout-dob', errors.dateOfBirth?.message)}
          type="date"
          autoComplete="bday"
          {...register('dateOfBirth')}
        />
      </FormField>
      <FormField
        id="payout-routing"
        label="Routing number"
        hint={routingHint}
        error={errors.routingNumber?.message}
      >
        <Input
          {...field('payout-routing', errors.routingNumber?.message, routingHint)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
          placeholder="9 digits"
          {...register('routingNumber')}
        />
      </FormField>
      <FormField
        id="payout-account"
        label="Account number"
        hint={accountHint}
        error={errors.accountNumber?.message}
      >
        <Input
          {...field('payout-account', errors.accountNumber?.message, accountHint)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={17}
          placeholder="4 to 17 digits"
          {...register('accountNumber')}
        />
      </FormField>
      <p role="alert" className="text-sm text-danger empty:hidden">
        {verify.error?.message}
      </p>
      <Button type="submit" size="lg" busy={verify.isPending}>
        <ShieldCheck className="size-5" aria-hidden="true" />
        {verify.isPending ? 'Verifying...' : 'Verify account'}
      </Button>
      <p className="text-center text-xs text-ink-muted">
        Test mode: this form stands in for the payment provider's onboarding. Nothing you enter is
        stored.
      </p>
    </form>
  );
}
