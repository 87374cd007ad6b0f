import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { useSearchSection } from '../api/search';
import { DareRow, PersonRow, RowSkeletons } from './result-rows';

type Section = ReturnType<typeof useSearchSection>;

/** Each item once, in page order (offset pages can overlap when dares change meanwhile). */
function itemsOf<T extends { id: number }>(pages: Array<{ items: T[] }> | undefined): T[] {
  const seen = new Set<number>();
  return (pages ?? []).flatMap((page) =>
    page.items.filter((item) => !seen.has(item.id) && seen.add(item.id)),
  );
}

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * What Discover shows instead of the feed while the box holds a query: People and Dares,
 * each with its own "Load more". Earlier results stay (dimmed) while the next query loads.
 */
export function SearchResults({ query, topOffset }: { query: string; topOffset: number }) {
  const people = useSearchSection('people', query);
  const dares = useSearchSection('dares', query);
  const peopleItems = itemsOf(people.data?.pages);
  const dareItems = itemsOf(dares.data?.pages);
  const loading = people.isPending || dares.isPending;
  const failed = [people, dares].filter((section) => section.isError && !section.data);
  const stale = people.isPlaceholderData || dares.isPlaceholderData;
  const empty =
    !loading && !stale && failed.length === 0 && peopleItems.length + dareItems.length === 0;

  const announcement = loading
    ? 'Searching...'
    : failed.length > 0
      ? 'Search failed'
      : empty
        ? `No results for "${query}"`
        : `${plural(peopleItems.length, 'person', 'people')} and ${plural(dareItems.length, 'dare', 'dares')} found`;

  return (
    <div
      className="absolute inset-x-0 bottom-0 overflow-y-auto overscroll-contain bg-canvas px-2 pt-2 pb-8"
      // Below the header, so scrolled rows never pass under its see-through gradient.
      style={{ top: topOffset }}
      aria-busy={loading || stale || undefined}
    >
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {failed.length > 0 && (
        <div
          role="alert"
          className="mx-2 my-4 rounded-2xl border border-line bg-surface p-4 text-center"
        >
          <p className="font-semibold text-ink">Search failed</p>
          <p className="mt-1 text-sm text-ink-muted">{failed[0]!.error?.message}</p>
          <Button
            variant="secondary"
            className="mt-3"
            busy={failed.some((section) => section.isFetching)}
            onClick={() => {
              for (const section of failed) void section.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      )}
      {empty && (
        <div className="flex flex-col items-center gap-3 px-8 py-16 text-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-surface-raised text-brand">
            <SearchX className="size-8" aria-hidden="true" />
          </span>
          <p className="text-lg font-semibold [overflow-wrap:anywhere] text-ink">
            No results for "{query}"
          </p>
          <p className="text-sm text-ink-muted">
            Try another name, a word from a dare, or fewer words.
          </p>
        </div>
      )}
      <div className={stale ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
        <ResultSection
          title="People"
          section={people}
          loading={people.isPending && !people.isError}
          skeleton={<RowSkeletons count={3} />}
          hidden={!people.isPending && peopleItems.length === 0}
        >
          {peopleItems.map((person) => (
            <PersonRow key={person.id} person={person} />
          ))}
        </ResultSection>
        <ResultSection
          title="Dares"
          section={dares}
          loading={dares.isPending && !dares.isError}
          skeleton={<RowSkeletons count={4} square />}
          hidden={!dares.isPending && dareItems.length === 0}
        >
          {dareItems.map((dare) => (
            <DareRow key={dare.id} dare={dare} />
          ))}
        </ResultSection>
      </div>
    </div>
  );
}

function ResultSection({
  title,
  section,
  loading,
  skeleton,
  hidden,
  children,
}: {
  title: string;
  section: Section;
  loading: boolean;
  skeleton: ReactNode;
  hidden: boolean;
  children: ReactNode;
}) {
  if (hidden || (section.isError && !section.data)) return null;
  const id = `search-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="mt-2 mb-4">
      <h2
        id={id}
        className="px-3 pb-1 text-sm font-semibold tracking-wide text-ink-muted uppercase"
      >
        {title}
      </h2>
      {loading ? skeleton : <ul className="space-y-1">{children}</ul>}
      {section.hasNextPage && (
        <div className="px-3 pt-2">
          <Button
            variant="outline"
            size="sm"
            className="w-full"
            busy={section.isFetchingNextPage}
            onClick={() => void section.fetchNextPage()}
          >
            Load more {title.toLowerCase()}
          </Button>
          {section.isFetchNextPageError && (
            <p role="alert" className="pt-2 text-center text-sm text-danger">
              {section.error?.message}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
