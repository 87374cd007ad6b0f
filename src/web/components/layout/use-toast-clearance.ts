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
    // No measuring here: reading the layout in the commit would force the whole new screen's
    // layout inside React's task (issue 14: a long task). A ResizeObserver reports the
    // element's size once at the frame's own layout, before that frame paints, and on changes.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-bottom');
    };
  }, [ref]);
}
