import {
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type WheelEvent,
} from 'react';
import { flushSync } from 'react-dom';
import {
  decideSwipe,
  resistDrag,
  type SwipeDirection,
  stepIndex,
  velocityFrom,
  WHEEL_LOCK_MS,
  WHEEL_MIN_DELTA,
} from '../utils/swipe';
import { afterSlide, setTrackOffset } from '../utils/track';
import { useFeedKeys } from './use-feed-keys';

/** Movement before a press becomes a drag (below it, a tap). */
const DRAG_SLOP_PX = 8;

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  samples: Array<{ y: number; t: number }>;
  dragging: boolean;
}

interface Options {
  length: number;
  /** Whether the ends join up (last → first, first → last). */
  wrap: boolean;
  /** Listen to the keyboard (off while a dialog covers the feed). */
  keyboard: boolean;
}

/**
 * One-at-a-time vertical paging: drag (pointer), wheel and keys. The track moves with a
 * transform written straight to the DOM, so a drag never re-renders React.
 */
export function useSwipeNavigation({ length, wrap, keyboard }: Options) {
  const [index, setIndexState] = useState(0);
  // Handlers read the index from here: a key pressed before React re-subscribes its
  // listener must not act on the dare that was current one render ago.
  const indexRef = useRef(0);
  const setIndex = useCallback((next: number) => {
    indexRef.current = next;
    setIndexState(next);
  }, []);
  /** The dare a committed swipe is sliding in (null when none): it starts playing at once. */
  const [arriving, setArriving] = useState<number | null>(null);
  /** With exactly two dares, the side on which the other one waits. */
  const [side, setSide] = useState<-1 | 1>(1);
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const animating = useRef(false);
  const suppressClick = useRef(false);
  const wheelLockedUntil = useRef(0);

  const height = useCallback(() => viewportRef.current?.clientHeight || window.innerHeight, []);

  const moveTrack = useCallback(
    (offset: number, animate: boolean) => setTrackOffset(trackRef.current, offset, animate),
    [],
  );

  // The new current dare sits at 0: reset the track before the browser paints.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every index change
  useLayoutEffect(() => {
    moveTrack(0, false);
  }, [index, moveTrack]);

  const afterTransition = useCallback((done: () => void) => afterSlide(trackRef.current, done), []);

  const slideTo = useCallback(
    (direction: SwipeDirection, target: number) => {
      animating.current = true;
      moveTrack(direction === 'next' ? -height() : height(), true);
      setArriving(target);
      afterTransition(() => {
        animating.current = false;
        setIndex(target);
        setArriving(null);
      });
    },
    [moveTrack, afterTransition, height, setIndex],
  );

  const settleBack = useCallback(() => {
    animating.current = true;
    moveTrack(0, true);
    afterTransition(() => {
      animating.current = false;
    });
  }, [moveTrack, afterTransition]);

  const go = useCallback(
    (direction: SwipeDirection) => {
      if (animating.current) return;
      const target = stepIndex(indexRef.current, direction, length, wrap);
      if (target === null) return;
      if (length === 2) flushSync(() => setSide(direction === 'next' ? 1 : -1));
      slideTo(direction, target);
    },
    [length, wrap, slideTo],
  );

  useFeedKeys(keyboard, go);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (animating.current || !event.isPrimary || event.button !== 0) return;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      samples: [{ y: event.clientY, t: event.timeStamp }],
      dragging: false,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    const dy = event.clientY - state.startY;
    if (!state.dragging) {
      const dx = event.clientX - state.startX;
      if (Math.abs(dx) > DRAG_SLOP_PX && Math.abs(dx) > Math.abs(dy)) {
        drag.current = null;
        return;
      }
      if (Math.abs(dy) <= DRAG_SLOP_PX) return;
      state.dragging = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    state.samples.push({ y: event.clientY, t: event.timeStamp });
    if (state.samples.length > 12) state.samples.shift();
    const direction: SwipeDirection = dy < 0 ? 'next' : 'prev';
    if (length === 2 && side !== (dy < 0 ? 1 : -1)) setSide(dy < 0 ? 1 : -1);
    const open = stepIndex(indexRef.current, direction, length, wrap) !== null;
    moveTrack(open ? dy : resistDrag(dy, height()), false);
  };

  const endDrag = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!state.dragging) return;
    suppressClick.current = true;
    setTimeout(() => {
      suppressClick.current = false;
    }, 0);
    const deltaY = event.clientY - state.startY;
    const decision = cancelled
      ? null
      : decideSwipe({ deltaY, velocityY: velocityFrom(state.samples), viewportHeight: height() });
    const target = decision ? stepIndex(indexRef.current, decision, length, wrap) : null;
    if (decision && target !== null) slideTo(decision, target);
    else settleBack();
  };

  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    if (
      Math.abs(event.deltaY) < WHEEL_MIN_DELTA ||
      Math.abs(event.deltaX) > Math.abs(event.deltaY)
    ) {
      return;
    }
    const now = performance.now();
    if (now < wheelLockedUntil.current) return;
    wheelLockedUntil.current = now + WHEEL_LOCK_MS;
    go(event.deltaY > 0 ? 'next' : 'prev');
  };

  /** A drag must not also count as a tap on whatever it started on. */
  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    if (!suppressClick.current) return;
    event.preventDefault();
    event.stopPropagation();
  };

  return {
    index,
    setIndex,
    arriving,
    side,
    go,
    viewportRef,
    trackRef,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (event: PointerEvent<HTMLDivElement>) => endDrag(event, false),
      onPointerCancel: (event: PointerEvent<HTMLDivElement>) => endDrag(event, true),
      onWheel,
      onClickCapture,
    },
  };
}
