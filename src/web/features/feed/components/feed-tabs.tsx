import * as TabsPrimitive from '@radix-ui/react-tabs';
import { FEED_TABS } from '@/contracts/dare-values';
import type { FeedTab } from '@/contracts/dares';

export const FEED_TAB_LABELS: Record<FeedTab, string> = {
  active: 'Active',
  votes: 'My Votes',
  watch: 'Watch Dare',
};

export function isFeedTab(value: string | null): value is FeedTab {
  return (FEED_TABS as readonly string[]).includes(value ?? '');
}

/** Active / My Votes / Watch Dare, as text tabs over the video. */
export function FeedTabsList() {
  return (
    <TabsPrimitive.List aria-label="Feed" className="flex items-center justify-center gap-1">
      {FEED_TABS.map((tab) => (
        <TabsPrimitive.Trigger
          key={tab}
          value={tab}
          className="relative h-10 rounded-lg px-3 text-[15px] font-semibold text-white/65 transition-colors hover:text-white data-[state=active]:text-white after:absolute after:inset-x-3 after:bottom-1 after:h-0.5 after:rounded-full after:bg-white after:opacity-0 data-[state=active]:after:opacity-100"
        >
          {FEED_TAB_LABELS[tab]}
        </TabsPrimitive.Trigger>
      ))}
    </TabsPrimitive.List>
  );
}
