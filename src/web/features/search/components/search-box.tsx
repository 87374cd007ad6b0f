import { Search, X } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { SEARCH_QUERY_MAX } from '@/contracts/limits';
import type { DiscoverSearch } from '../hooks/use-discover-search';

/**
 * The search field at the top of Discover. Escape or the clear button empties it and
 * brings the feed back. It also reports the height of the header it sits in, so the
 * results start below it whatever else the header holds.
 */
export function SearchBox({ search }: { search: DiscoverSearch }) {
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const { setHeaderHeight } = search;

  useLayoutEffect(() => {
    const header = form.current?.closest('header');
    if (!header) return;
    const report = () => setHeaderHeight(header.getBoundingClientRect().height);
    report();
    const observer = new ResizeObserver(report);
    observer.observe(header);
    return () => observer.disconnect();
  }, [setHeaderHeight]);

  return (
    <search
      className="pointer-events-auto relative basis-full pt-1"
      aria-label="Search people and dares"
    >
      <form
        ref={form}
        onSubmit={(event) => {
          event.preventDefault();
          search.submit();
        }}
      >
        <label htmlFor="discover-search" className="sr-only">
          Search people and dares
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 z-10 mt-0.5 size-4 -translate-y-1/2 text-white/70"
          aria-hidden="true"
        />
        <input
          ref={input}
          id="discover-search"
          type="search"
          inputMode="search"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SEARCH_QUERY_MAX}
          placeholder="Search people and dares"
          value={search.value}
          onChange={(event) => search.setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && search.value) {
              event.preventDefault();
              search.clear();
            }
          }}
          className="h-11 w-full rounded-full border border-white/20 bg-black/45 pr-11 pl-9 text-base text-white backdrop-blur-sm placeholder:text-white/60 focus:border-white/50 focus-visible:ring-2 focus-visible:ring-brand/60 focus-visible:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {search.value && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              search.clear();
              input.current?.focus();
            }}
            className="absolute top-1/2 right-1 z-10 mt-0.5 flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-white/80 hover:bg-white/15"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </form>
    </search>
  );
}
