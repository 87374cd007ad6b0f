import { UserRound } from 'lucide-react';
import { Redirect, useParams } from 'wouter';
import { PageFallback } from '@/web/app/layout/page-fallback';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { PagePlaceholder } from '@/web/features/shell/components/page-placeholder';

export function UserProfilePage() {
  const { userId } = useParams<{ userId: string }>();
  const { data: viewer, isPending } = useCurrentUser();
  if (isPending) return <PageFallback />;
  if (viewer && String(viewer.id) === userId) return <Redirect to="/profile" replace />;
  return (
    <PagePlaceholder
      title="Profile"
      backTo="/"
      icon={UserRound}
      heading="Darer profile"
      description="This user's dares, stats and completed challenges will appear here."
    />
  );
}
