import { LogIn } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { EmptyState } from '@/web/components/ui/empty-state';
import { authPathFor } from '@/web/lib/safe-redirect';

/** The fund page sends a visitor to log in after 1.5 s (spec section 9). */
export const FUND_LOGIN_REDIRECT_MS = 1500;

/** Says why, then goes to /auth with the way back to this fund page. */
export function FundLoginRedirect({ dareId }: { dareId: string }) {
  const [, navigate] = useLocation();
  useEffect(() => {
    const timer = setTimeout(
      () => navigate(authPathFor(`/fund/${dareId}`), { replace: true }),
      FUND_LOGIN_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [dareId, navigate]);
  return (
    <div role="status" className="flex flex-1 items-center justify-center">
      <EmptyState
        icon={LogIn}
        title="Log in to fund this dare"
        description="Taking you to the login page..."
      />
    </div>
  );
}
