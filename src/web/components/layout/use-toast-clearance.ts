import { type RefObject, useLayoutEffect } from 'react';

/**
 * Publishes where the screen's top bar ends as --header-bottom on <html>, so toasts sit just
 * under it (styles.css): clear of the header's buttons above and, unlike the bottom of the
 * screen, of the primary actions (Pledge, Share, the bottom navigation) below. One header is
 * on screen at a time; it updates the value when its height changes.
 */
export function useToastClearance(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      const bottom = Math.max(0, element.getBoundingClientRect().bottom);
      root.style.setProperty('--header-bottom', `${Math.round(bottom)}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-bottom');
    };
  }, [ref]);
}
