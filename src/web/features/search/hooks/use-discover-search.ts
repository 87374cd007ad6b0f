import { useCallback, useEffect, useState } from 'react';
import { SEARCH_QUERY_MAX } from '@/contracts/limits';

/** Typing pauses this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;

export type DiscoverSearch = {
  /** What is in the box. */
  value: string;
  setValue: (value: string) => void;
  /** The query being searched (trimmed, debounced); empty: show the feed. */
  query: string;
  clear: () => void;
  /** Searches what is in the box now (Enter), without waiting for the pause. */
  submit: () => void;
  /** Height of the screen's header, which the results must start below. */
  headerHeight: number;
  setHeaderHeight: (height: number) => void;
};

const clean = (value: string) => value.trim().slice(0, SEARCH_QUERY_MAX);

/** The query kept in the address (`?q=`), so Back from a result returns to the results. */
function queryInAddress(): string {
  return clean(new URLSearchParams(window.location.search).get('q') ?? '');
}

function keepInAddress(query: string) {
  const url = new URL(window.location.href);
  if (query) url.searchParams.set('q', query);
  else url.searchParams.delete('q');
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
}

/** The Discover search box's state: the typed value and the debounced query it sends. */
export function useDiscoverSearch(): DiscoverSearch {
  const [value, setValue] = useState(queryInAddress);
  const [query, setQuery] = useState(queryInAddress);
  const [headerHeight, setHeaderHeight] = useState(0);
  useEffect(() => keepInAddress(query), [query]);
  useEffect(() => {
    const next = clean(value);
    // Emptying the box returns to the feed at once; a query waits for a pause in typing.
    if (!next) {
      setQuery('');
      return;
    }
    const timer = setTimeout(() => setQuery(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const clear = useCallback(() => {
    setValue('');
    setQuery('');
  }, []);
  const submit = useCallback(() => setQuery(clean(value)), [value]);
  return { value, setValue, query, clear, submit, headerHeight, setHeaderHeight };
}
