import { Suspense, useEffect, useState } from 'react';
import { afterLoadAndIdle } from '@/web/lib/after-load-and-idle';
import { retryableLazy } from '@/web/lib/retryable-lazy';
import { LoadErrorBoundary } from './load-error-boundary';
import { useToasts } from './toast-store';

const Toaster = retryableLazy(() =>
  import('./toaster').then((module) => ({ default: module.Toaster })),
);

/**
 * Loads the toast UI off the critical path: as soon as a toast is raised, or once the page
 * has loaded and the browser is idle (so F8 finds the region). Not merely idle: the splash
 * leaves the browser idle while the first screen's code and image are still arriving, and
 * the toaster's four chunks and its render then competed with them (issue 14).
 */
export function ToastHost() {
  const hasToasts = useToasts().length > 0;
  const [idle, setIdle] = useState(false);

  useEffect(() => afterLoadAndIdle(() => setIdle(true)), []);

  if (!hasToasts && !idle) return null;
  // Its code failed to download (offline): nothing shows, and 'online' tries again.
  return (
    <LoadErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </LoadErrorBoundary>
  );
}
