import { Sparkles } from 'lucide-react';
import { PagePlaceholder } from '@/web/features/shell/components/page-placeholder';

export function CreateDarePage() {
  return (
    <PagePlaceholder
      title="Create New Dare"
      subtitle="Create a challenge for others to fund and watch you complete"
      backTo="/"
      icon={Sparkles}
      heading="Pitch your dare"
      description="Record a 15-second pitch, set a goal and choose who takes the dare. The creation form opens here."
    />
  );
}
