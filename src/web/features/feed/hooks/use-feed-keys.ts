import { useEffect } from 'react';
import type { SwipeDirection } from '../utils/swipe';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/** ArrowDown or j: next dare. ArrowUp or k: previous. Not while typing or in a dialog. */
export function useFeedKeys(enabled: boolean, go: (direction: SwipeDirection) => void) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target) || document.querySelector('[role="dialog"]')) return;
      if (event.key === 'ArrowDown' || event.key === 'j') {
        event.preventDefault();
        go('next');
      } else if (event.key === 'ArrowUp' || event.key === 'k') {
        event.preventDefault();
        go('prev');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, go]);
}
