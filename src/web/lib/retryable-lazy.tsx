import { type ComponentProps, type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** How each lazy component that failed to load starts over (renewFailedLazies). */
const renewals = new Set<() => void>();

/**
 * React.lazy that can be tried again. React.lazy keeps a failed import's rejected promise for
 * good, so once a chunk failed to download (offline, a blip) the component could never
 * render again without a reload (issue 19). A failed one keeps failing (so its error boundary
 * shows) until renewFailedLazies swaps in a fresh lazy component, which imports afresh.
 */
// biome-ignore lint/suspicious/noExplicitAny: the same bound as React.lazy's own signature
export function retryableLazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  const fresh = (): LazyExoticComponent<T> =>
    lazy(() =>
      load().catch((error: unknown) => {
        renewals.add(renew);
        throw error;
      }),
    );
  let current = fresh();
  const renew = () => {
    current = fresh();
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazy screen or dialog at module level, as React.lazy makes its component; never during a render
  function Retryable(props: ComponentProps<T>) {
    const Component = current as ComponentType<ComponentProps<T>>;
    return <Component {...props} />;
  }
  return Retryable;
}

/** Lets every lazy component that failed to load try again on its next render. */
export function renewFailedLazies() {
  for (const renew of renewals) renew();
  renewals.clear();
}
