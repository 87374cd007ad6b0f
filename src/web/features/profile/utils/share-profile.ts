import { PRODUCT_NAME } from '@/contracts/limits';
import { shareLink } from '@/web/lib/share-link';

export function profileUrl(userId: number): string {
  return `${window.location.origin}/users/${userId}`;
}

export function shareProfile(user: { id: number; username: string }) {
  return shareLink({
    title: `@${user.username} on ${PRODUCT_NAME}`,
    url: profileUrl(user.id),
    copiedDescription: 'Profile link copied to clipboard',
  });
}
