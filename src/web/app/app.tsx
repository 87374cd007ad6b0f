import { startTransition, useEffect, useState } from 'react';
import { SPLASH_MS } from '@/contracts/limits';
import { LiveEvents } from '@/web/features/inbox/live/use-live-events';
import { splashBackdrop } from './initial-data';
import { AppLayout } from './layout/app-layout';
import { Splash } from './layout/splash';
import { AppRoutes } from './router';

export function App() {
  const [splashDone, setSplashDone] = useState(false);
  useEffect(() => {
    // A transition: React renders the whole first screen in slices of a few milliseconds,
    // yielding between them, instead of one long task (issue 14: on a slow phone that task
    // was most of the profile's Total Blocking Time). The splash stays until it commits.
    const timer = setTimeout(() => startTransition(() => setSplashDone(true)), SPLASH_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!splashDone) return <Splash backdrop={splashBackdrop()} />;
  return (
    <AppLayout>
      <LiveEvents />
      <AppRoutes />
    </AppLayout>
  );
}
