import type { ReactNode } from 'react';
import type { CurrentUser } from '@/contracts/user';
import { isModerator } from '@/domain/moderation-roles';
import { PageFallback } from '@/web/app/layout/page-fallback';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { NotFoundPage } from '@/web/features/shell/pages/not-found-page';

/**
 * Moderation screens for moderators only: anyone else, signed in or not, gets the ordinary
 * not-found page (issue 21 item 3), so the screens do not even announce that they exist.
 */
export function RequireModerator({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (user && isModerator(user)) return children(user);
  if (isPending) return <PageFallback />;
  return <NotFoundPage />;
}
