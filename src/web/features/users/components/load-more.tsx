import { useEffect, useRef } from 'react';
import { Button } from '@/web/components/ui/button';

/**
 * The end of a paged list: loads the next page as it scrolls into view, and stays a
 * button for keyboards and for browsers without IntersectionObserver.
 */
export function LoadMore({ loading, onLoadMore }: { loading: boolean; onLoadMore: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="flex justify-center py-3">
      <Button variant="ghost" size="sm" busy={loading} onClick={onLoadMore}>
        Load more
      </Button>
    </div>
  );
}
