import { TrendingUp } from 'lucide-react';
import { PagePlaceholder } from '@/web/features/shell/components/page-placeholder';

export function TrendingPage() {
  return (
    <PagePlaceholder
      title="Trending"
      backTo="/discover"
      icon={TrendingUp}
      heading="Hot, rising, popular, featured"
      description="The dares with the fastest-growing pledges and the staff picks will be ranked here."
    />
  );
}
