import type { SyntheticEvent } from 'react';
import type { DareView } from '@/contracts/dares';
import { PledgeFlow } from './pledge-flow';

const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The pledge flow opened from a feed slide. Its dialogs render in a portal, but React still
 * bubbles their pointer and wheel events up the component tree to the swipe feed, where
 * scrolling the dialog or dragging a finger over it would change dare underneath. This
 * wrapper stops them on the way (display: contents, so it adds nothing to the layout).
 */
export function FeedPledgeFlow({ dare, onClose }: { dare: DareView; onClose: () => void }) {
  return (
    <div
      className="contents"
      onPointerDown={stop}
      onPointerMove={stop}
      onPointerUp={stop}
      onPointerCancel={stop}
      onWheel={stop}
    >
      <PledgeFlow dare={dare} onClose={onClose} />
    </div>
  );
}
