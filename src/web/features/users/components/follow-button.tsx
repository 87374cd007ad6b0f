import { UserCheck, UserPlus } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button, type ButtonSize } from '@/web/components/ui/button';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { authPathFor } from '@/web/lib/safe-redirect';
import { useFollowUser } from '../api/follow-user';

interface FollowButtonProps {
  user: { id: number; username: string };
  isFollowing: boolean;
  size?: ButtonSize;
  className?: string;
}

/**
 * Follow / Following, switched at once (useFollowUser puts it back if the server refuses).
 * Not shown on the viewer's own row; a signed-out click goes to /auth and back here.
 */
export function FollowButton({ user, isFollowing, size = 'md', className }: FollowButtonProps) {
  const { data: viewer } = useCurrentUser();
  const [location, navigate] = useLocation();
  const follow = useFollowUser(user.id);
  if (viewer && viewer.id === user.id) return null;

  const onClick = () => {
    if (!viewer) {
      navigate(authPathFor(location));
      return;
    }
    follow.mutate({ follow: !isFollowing });
  };

  const Icon = isFollowing ? UserCheck : UserPlus;
  return (
    <Button
      variant={isFollowing ? 'secondary' : 'primary'}
      size={size}
      className={className}
      onClick={onClick}
      aria-label={`${isFollowing ? 'Following' : 'Follow'} @${user.username}`}
    >
      <Icon className="size-4" aria-hidden="true" />
      {isFollowing ? 'Following' : 'Follow'}
    </Button>
  );
}
