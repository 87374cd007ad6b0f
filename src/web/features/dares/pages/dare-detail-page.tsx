import { Clapperboard } from 'lucide-react';
import { useParams } from 'wouter';
import { PagePlaceholder } from '@/web/features/shell/components/page-placeholder';
import { CreateDarePage } from './create-dare-page';

export function DareDetailPage() {
  const { id } = useParams<{ id?: string }>();
  // The spec opens the create flow for /dares/new and for a missing id.
  if (!id || id === 'new') return <CreateDarePage />;
  return (
    <PagePlaceholder
      title="Dare"
      backTo="/"
      icon={Clapperboard}
      heading={`Dare #${id}`}
      description="The pitch video, funding progress, pledgers and comments of this dare will appear here."
    />
  );
}
