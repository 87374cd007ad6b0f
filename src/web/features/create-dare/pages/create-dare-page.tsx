import { Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { PageHeader } from '@/web/components/layout/page-header';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { RequireAuth } from '@/web/features/auth/components/require-auth';
import { setCreateDareOpen } from '../create-dare-store';

/**
 * /dare, /dares and /dares/new: the dare screen in create mode. It opens the create dialog
 * (rendered by the host beside the bottom navigation) and offers to reopen it once closed.
 */
export function CreateDarePage() {
  return <RequireAuth>{() => <CreateDareScreen />}</RequireAuth>;
}

function CreateDareScreen() {
  useEffect(() => {
    setCreateDareOpen(true);
    // Going back from this screen takes its dialog along.
    return () => setCreateDareOpen(false);
  }, []);
  return (
    <>
      <PageHeader
        title="Create New Dare"
        subtitle="Create a challenge for others to fund and watch you complete"
        backTo="/"
      />
      <div className="flex flex-1 items-center justify-center px-4 py-10">
        <div className="w-full rounded-3xl border border-line bg-surface">
          <EmptyState
            icon={Sparkles}
            title="Pitch your dare"
            description="Record a 15-second pitch, set a goal and choose who takes the dare."
            action={<Button onClick={() => setCreateDareOpen(true)}>Create a dare</Button>}
          />
        </div>
      </div>
    </>
  );
}
