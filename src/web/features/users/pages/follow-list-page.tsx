import { Users } from 'lucide-react';
import { PagePlaceholder } from '@/web/features/shell/components/page-placeholder';

function FollowListPage({ kind }: { kind: 'followers' | 'following' }) {
  return (
    <PagePlaceholder
      title={kind === 'followers' ? 'Followers' : 'Following'}
      backTo="/profile"
      icon={Users}
      heading={kind === 'followers' ? 'People who follow' : 'People followed'}
      description={
        kind === 'followers'
          ? 'Everyone who follows this darer will be listed here.'
          : 'Everyone this darer follows will be listed here.'
      }
    />
  );
}

export function FollowersPage() {
  return <FollowListPage kind="followers" />;
}

export function FollowingPage() {
  return <FollowListPage kind="following" />;
}
