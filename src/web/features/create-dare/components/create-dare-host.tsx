import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@/contracts/user';
import { LoadErrorBoundary } from '@/web/components/ui/load-error-boundary';
import { useRegisterOverlay } from '@/web/components/ui/overlay-store';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/toast-store';
import { currentUserQueryKey } from '@/web/features/auth/api/get-current-user';
import { noAnswerMessage } from '@/web/lib/api-client';
import { renewFailedLazies, retryableLazy } from '@/web/lib/retryable-lazy';
import { authPathFor } from '@/web/lib/safe-redirect';
import { setCreateDareOpen, useCreateDareOpen } from '../create-dare-store';

const loadDialog = () => import('./create-dare-dialog');
const CreateDareDialog = retryableLazy(() =>
  loadDialog().then((module) => ({ default: module.CreateDareDialog })),
);

/** Starts fetching the dialog's code early (on hover or focus of the create button). */
export function preloadCreateDare() {
  void loadDialog().catch(() => undefined);
}

/**
 * Opens the create dialog, or sends a logged-out visitor to log in first (and back to /dare).
 * While the session is still being checked the dialog opens; it redirects if nobody is in.
 */
export function useOpenCreateDare() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useCallback(() => {
    const user = queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey);
    if (user === null) {
      navigate(authPathFor('/dare'));
      return;
    }
    setCreateDareOpen(true);
  }, [queryClient, navigate]);
}

/** Stands in for the sheet while its code downloads, so the tap visibly did something. */
function LoadingSheet() {
  useRegisterOverlay();
  // Portalled like the dialog itself: the nav's backdrop blur would trap a fixed overlay.
  return createPortal(
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-black/70">
      <div
        role="status"
        className="flex h-48 w-full max-w-[430px] items-center justify-center rounded-t-3xl border border-line bg-surface"
      >
        <Spinner className="size-6 text-ink-muted" />
        <span className="sr-only">Loading...</span>
      </div>
    </div>,
    document.body,
  );
}

/** Renders the dialog once it was first opened; its code is a chunk of its own. */
export function CreateDareHost() {
  const open = useCreateDareOpen();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  // Its code failed to download (offline): say so and close; opening it again tries afresh.
  const failed = () => {
    renewFailedLazies();
    setWanted(false);
    setCreateDareOpen(false);
    toast({
      title: "Couldn't open Create a Dare",
      description: noAnswerMessage(),
      variant: 'destructive',
    });
  };
  return (
    <LoadErrorBoundary fallback={() => null} onError={failed}>
      <Suspense fallback={<LoadingSheet />}>
        <CreateDareDialog open={open} onOpenChange={setCreateDareOpen} />
      </Suspense>
    </LoadErrorBoundary>
  );
}
