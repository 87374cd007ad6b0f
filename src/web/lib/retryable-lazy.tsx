import {
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  useState,
} from 'react';

/** How each lazy component that failed to load starts over (renewFailedLazies). */
const renewals = new Set<() => void>();

// biome-ignore lint/suspicious/noExplicitAny: the same bound as React.lazy's own signature
type AnyComponent = ComponentType<any>;

/** A lazy component whose code can be fetched ahead of its first render. */
export type RetryableLazy<T extends AnyComponent> = ComponentType<ComponentProps<T>> & {
  preload: () => Promise<unknown>;
};

/**
 * React.lazy that can be tried again, and that renders at once when its code is already here.
 *
 * Tried again: React.lazy keeps a failed import's rejected promise for good, so once a chunk
 * failed to download (offline, a blip) the component could never render again without a
 * reload (issue 19). A failed one keeps failing (so its error boundary shows) until
 * renewFailedLazies swaps in a fresh lazy component, which imports afresh.
 *
 * At once: React.lazy suspends on its first render even when its module has loaded (it only
 * learns so from the promise), and React then shows the Suspense fallback and holds the
 * content back until 300 ms after it (its fallback throttle): the first screen, whose code
 * the splash preloads, came 300 ms after the splash (issue 23 item 5). A component whose
 * module `preload` (or an earlier render) has loaded renders the module's component itself.
 * The choice is made once per mount: switching from the lazy to the loaded component later
 * would be a different element type, and React would remount it and lose its state.
 */
export function retryableLazy<T extends AnyComponent>(
  load: () => Promise<{ default: T }>,
): RetryableLazy<T> {
  let loaded: T | null = null;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const fresh = (): LazyExoticComponent<T> =>
    lazy(() =>
      loadAndKeep().catch((error: unknown) => {
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
    const [direct] = useState(() => loaded);
    const Component = (direct ?? current) as ComponentType<ComponentProps<T>>;
    return <Component {...props} />;
  }
  return Object.assign(Retryable, { preload: loadAndKeep });
}

/** Lets every lazy component that failed to load try again on its next render. */
export function renewFailedLazies() {
  for (const renew of renewals) renew();
  renewals.clear();
}
