import { type ReactNode, useRef } from 'react';
import { useToastClearance } from '@/web/components/layout/use-toast-clearance';

/**
 * Full height between the top of the screen and the bottom navigation, with a header laid
 * over the video; nothing in it scrolls, so nothing shifts.
 */
export function FeedScreen({ header, children }: { header: ReactNode; children: ReactNode }) {
  // The title and tabs, not the gradient below them, are what toasts must clear.
  const content = useRef<HTMLDivElement>(null);
  useToastClearance(content);
  return (
    <div className="relative h-[calc(100dvh-3.5rem-env(safe-area-inset-bottom))] w-full overflow-hidden bg-black">
      {/* The header comes first in the DOM, as it does on screen: Tab reaches the title, the
          bell and the tabs before the dare's buttons below them (WCAG 2.4.3). */}
      <header className="pointer-events-none absolute inset-x-0 top-0 z-20 bg-gradient-to-b from-black/75 via-black/35 to-transparent pt-[env(safe-area-inset-top)] pb-6 [&_a]:pointer-events-auto [&_button]:pointer-events-auto">
        <div ref={content}>{header}</div>
      </header>
      <div className="absolute inset-0">{children}</div>
    </div>
  );
}
