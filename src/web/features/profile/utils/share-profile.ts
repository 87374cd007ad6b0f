import { PRODUCT_NAME } from '@/contracts/limits';
import { toast } from '@/web/components/ui/toast-store';

export function profileUrl(userId: number): string {
  return `${window.location.origin}/users/${userId}`;
}

/** Native share sheet when the browser has one, else the link goes to the clipboard. */
export async function shareProfile(user: { id: number; username: string }) {
  const url = profileUrl(user.id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: `@${user.username} on ${PRODUCT_NAME}`, url });
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      toast({
        title: 'Sharing failed',
        description: (error as Error).message,
        variant: 'destructive',
      });
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'Profile link copied to clipboard' });
  } catch {
    toast({
      title: 'Copy failed',
      description: `Copy this link instead: ${url}`,
      variant: 'destructive',
    });
  }
}
