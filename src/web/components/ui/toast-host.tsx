import { Suspense, useEffect, useState } from 'react';
import { retryableLazy } from '@/web/lib/retryable-lazy';
import { LoadErrorBoundary } from './load-error-boundary';
import { useToasts } from './toast-store';

const Toaster = retryableLazy(() =>
  import('./toaster').then((module) => ({ default: module.Toaster })),
);

/** Calls `then` once the page has loaded and the browser is idle; returns a cancel. */
function afterLoadAndIdle(then: () => void): () => void {
  let cancelIdle = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(then, { timeout: 2000 });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(then, 1000);
      cancelIdle = () => clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') {
    idle();
    return () => cancelIdle();
  }
  window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    cancelIdle();
  };
}

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
