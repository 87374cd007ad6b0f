/**
 * Calls `then` once the page has loaded and the browser is idle; returns a cancel. For work
 * that must not compete with the first screen (issue 14): the toaster, the service worker.
 */
export function afterLoadAndIdle(then: () => void): () => void {
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
