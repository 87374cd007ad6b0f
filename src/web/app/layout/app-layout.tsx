import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { AchievementUnlockToasts } from '@/web/features/achievements/components/achievement-unlock-toasts';
import { cn } from '@/web/lib/cn';
import { BottomNav } from './bottom-nav';

/** Screens that stand alone, without the bottom navigation. */
const NAVLESS_PATHS = new Set(['/auth', '/login']);

/** The narrow mobile column every screen lives in. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const showNav = !NAVLESS_PATHS.has(location);
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
