import { CreditCard } from 'lucide-react';
import { PagePlaceholder } from '@/web/features/shell/components/page-placeholder';

export function PledgePaymentPage() {
  return (
    <PagePlaceholder
      title="Complete Your Pledge"
      backTo="/"
      icon={CreditCard}
      heading="Authorize your pledge"
      description="Your card is authorized now and charged only on successful completion of the dare."
    />
  );
}
