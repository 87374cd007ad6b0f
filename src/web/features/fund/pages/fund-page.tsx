import { HandCoins } from 'lucide-react';
import { useParams } from 'wouter';
import { PagePlaceholder } from '@/web/features/shell/components/page-placeholder';

export function FundPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <PagePlaceholder
      title="Fund Dare"
      backTo={`/dares/${encodeURIComponent(id)}`}
      icon={HandCoins}
      heading="Back this dare"
      description="Pick an amount and authorize your card. You are charged only when the dare is completed."
    />
  );
}
