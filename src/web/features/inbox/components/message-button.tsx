import { MessageCircle } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/components/ui/toast-store';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { authPathFor } from '@/web/lib/safe-redirect';
import { useStartConversation } from '../api/start-conversation';

/**
 * 'Message' on another user's profile: opens the conversation with them (created the first
 * time) in the inbox; a visitor who is not logged in goes to log in first.
 */
export function MessageButton({ userId, className }: { userId: number; className?: string }) {
  const { data: me } = useCurrentUser();
  const [location, navigate] = useLocation();
  const start = useStartConversation();
  const open = () => {
    if (!me) return navigate(authPathFor(location));
    start.mutate(userId, {
      onSuccess: (conversation) => navigate(`/inbox/${conversation.id}`),
      onError: (error) =>
        toast({
          title: 'Could not start the conversation',
          description: error.message,
          variant: 'destructive',
        }),
    });
  };
  if (me?.id === userId) return null;
  return (
    <Button variant="secondary" className={className} busy={start.isPending} onClick={open}>
      <MessageCircle className="size-4" aria-hidden="true" />
      Message
    </Button>
  );
}
