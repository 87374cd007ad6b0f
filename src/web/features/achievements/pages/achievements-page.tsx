import { Trophy } from 'lucide-react';
import { PagePlaceholder } from '@/web/features/shell/components/page-placeholder';

export function AchievementsPage() {
  return (
    <PagePlaceholder
      title="Achievement Dashboard"
      backTo="/profile"
      icon={Trophy}
      heading="Points and badges"
      description="Your total points, unlocked achievements and progress toward the next ones will appear here."
    />
  );
}
