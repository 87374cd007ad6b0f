import { useEffect, useState } from 'react';
import { SPLASH_MS } from '@/contracts/limits';
import { LiveEvents } from '@/web/features/inbox/live/use-live-events';
import { AppLayout } from './layout/app-layout';
import { Splash } from './layout/splash';
import { AppRoutes } from './router';

export function App() {
  const [splashDone, setSplashDone] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSplashDone(true), SPLASH_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!splashDone) return <Splash />;
  return (
    <AppLayout>
      <LiveEvents />
      <AppRoutes />
    </AppLayout>
  );
}
