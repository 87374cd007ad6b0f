import { Send } from 'lucide-react';
import { PagePlaceholder } from '@/web/features/shell/components/page-placeholder';

export function SendDareRequestPage() {
  return (
    <PagePlaceholder
      title="Send Dare Request"
      subtitle="Challenge Someone"
      backTo="/profile"
      icon={Send}
      heading="Challenge someone"
      description="Dare anyone by email with a title, a target amount and a cover image. The request form opens here."
    />
  );
}
