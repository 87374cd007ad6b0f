import { SLIDE_MS } from './swipe';

const EASING = 'cubic-bezier(0.22, 0.61, 0.36, 1)';

/** Moves the feed track (a compositor-only transform), sliding in SLIDE_MS or at once. */
export function setTrackOffset(track: HTMLElement | null, offset: number, animate: boolean) {
  if (!track) return;
  track.style.transition = animate ? `transform ${SLIDE_MS}ms ${EASING}` : 'none';
  track.style.transform = `translate3d(0, ${offset}px, 0)`;
}

/** Calls `done` once the slide ends (or a little after it should have, if no event comes). */
export function afterSlide(track: HTMLElement | null, done: () => void) {
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    track?.removeEventListener('transitionend', onEnd);
    done();
  };
  // Transitions inside the slides (a pressed button) bubble up too: only the track's counts.
  const onEnd = (event: TransitionEvent) => {
    if (event.target === track) finish();
  };
  track?.addEventListener('transitionend', onEnd);
  setTimeout(finish, SLIDE_MS + 80);
}
