import { CloudOff } from 'lucide-react';
import { PAGE_HEADER_BAR, PAGE_HEADER_TITLE } from '@/web/components/layout/page-header-classes';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { isOffline, OFFLINE_MESSAGE } from '@/web/lib/api-client';

/**
 * A screen that could not be shown (its code did not download): a header with its title,
 * what happened and Try again, while the app's navigation stays. Offline, it also comes back
 * by itself (LoadErrorBoundary listens for 'online'). The header is PageHeader's look without
 * PageHeader, whose code would otherwise join the first screen's (issue 14's budget).
 */
export function ScreenLoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <>
      <header className={PAGE_HEADER_BAR}>
        <div className="min-w-0 flex-1 py-2 pl-2">
          <h1 className={PAGE_HEADER_TITLE}>{title}</h1>
        </div>
      </header>
      <div role="alert" className="flex flex-1 flex-col justify-center">
        <EmptyState
          icon={CloudOff}
          title="Couldn't load this screen"
          description={
            isOffline()
              ? `${OFFLINE_MESSAGE}. It loads by itself when you're back online.`
              : 'Check your connection and try again.'
          }
          action={
            <Button variant="secondary" onClick={onRetry}>
              Try again
            </Button>
          }
        />
      </div>
    </>
  );
}
