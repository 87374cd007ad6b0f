import { ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '@/web/components/ui/button';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { authPathFor } from '@/web/lib/safe-redirect';

/** Where the 'Show R-rated dares' switch lives. */
export const MATURE_SETTING_PATH = '/settings/privacy';

/**
 * In place of an R-rated dare's cover and video for a viewer who has not chosen to see them
 * (issue 21 item 7): a visitor is asked to sign in, an account is pointed at the setting.
 */
export function MatureGate({ dareId }: { dareId: number }) {
  const { data: user } = useCurrentUser();
  return (
    <section
      aria-labelledby="mature-gate-title"
      className="flex aspect-[4/5] max-h-[44dvh] w-full flex-col items-center justify-center gap-3 bg-surface-raised px-8 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-canvas text-brand">
        <ShieldAlert className="size-7" aria-hidden="true" />
      </span>
      <h2 id="mature-gate-title" className="text-lg font-bold text-ink">
        This dare is rated R
      </h2>
      <p className="text-sm text-ink-muted">
        {user
          ? "Its video is hidden because 'Show R-rated dares' is off."
          : 'Sign in and turn on R-rated dares to watch it.'}
      </p>
      {user ? (
        <Link href={MATURE_SETTING_PATH} className={buttonClasses('primary', 'md')}>
          Change the setting
        </Link>
      ) : (
        <Link href={authPathFor(`/dares/${dareId}`)} className={buttonClasses('primary', 'md')}>
          Sign in
        </Link>
      )}
    </section>
  );
}
