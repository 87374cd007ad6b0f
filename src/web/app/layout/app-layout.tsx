import { type ReactNode, Suspense } from 'react';
import { useLocation } from 'wouter';
import { AchievementUnlockToasts } from '@/web/features/achievements/components/achievement-unlock-toasts';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { cn } from '@/web/lib/cn';
import { retryableLazy } from '@/web/lib/retryable-lazy';
import { BottomNav } from './bottom-nav';

/** Screens that stand alone, without the bottom navigation. */
const NAVLESS_PATHS = new Set([
  '/auth',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
]);

/** Its own chunk: only accounts that have not verified their address ever load it. */
const VerifyEmailBanner = retryableLazy(() =>
  import('@/web/features/account/components/verify-email-banner').then((module) => ({
    default: module.VerifyEmailBanner,
  })),
);

/** The narrow mobile column every screen lives in. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const showNav = !NAVLESS_PATHS.has(location);
  const { data: user } = useCurrentUser();
  const unverified = user && !user.emailVerified && showNav ? user.email : null;
  return (
    <div className="relative mx-auto flex min-h-dvh w-full max-w-[430px] flex-col bg-canvas min-[431px]:border-x min-[431px]:border-line/60">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-surface-raised focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {/* Focusable from script only: the skip link's target, and where a closed dialog
          leaves the focus when its opener is gone (focus-return). */}
      {unverified && (
        <Suspense fallback={null}>
          <VerifyEmailBanner email={unverified} />
        </Suspense>
      )}
      <main
        id="main"
        tabIndex={-1}
        className={cn(
          'flex flex-1 flex-col focus:outline-none',
          showNav && 'pb-[calc(3.5rem+env(safe-area-inset-bottom))]',
        )}
      >
        {children}
      </main>
      {showNav && <BottomNav />}
      <AchievementUnlockToasts />
    </div>
  );
}
