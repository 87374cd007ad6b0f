import { Download } from 'lucide-react';
import { ACCOUNT_EXPORTS_PER_HOUR } from '@/contracts/limits';
import { Button } from '@/web/components/ui/button';
import { useDownloadAccountExport } from '../api/account-export';

/**
 * "Export my data" (issue 20 item 5): the account's data as one JSON file, saved by the
 * browser. The outcome is announced: the saved file's name, or why it failed (e.g. the
 * hourly limit's "Too many requests. Please try again in 40 minutes.").
 */
export function ExportDataSection() {
  const download = useDownloadAccountExport();
  return (
    <section aria-labelledby="security-export" className="flex flex-col gap-3">
      <h2 id="security-export" className="text-lg font-semibold text-ink">
        Export my data
      </h2>
      <p className="text-sm text-ink-muted">
        One JSON file with your profile, dares, pledges, votes, proofs, comments, messages, follows,
        notifications, achievements and sessions. Other people appear only by their public name. You
        can download it {ACCOUNT_EXPORTS_PER_HOUR} times an hour.
      </p>
      <Button
        variant="outline"
        className="w-full"
        busy={download.isPending}
        onClick={() => download.mutate()}
      >
        {!download.isPending && <Download className="size-4.5" aria-hidden="true" />}
        {download.isPending ? 'Preparing your file...' : 'Download my data'}
      </Button>
      <p role="status" className="text-sm text-ink-muted empty:hidden">
        {download.isSuccess ? `Saved ${download.data}` : ''}
      </p>
      {download.isError && (
        <p role="alert" className="text-sm text-danger">
          {download.error.message}
        </p>
      )}
    </section>
  );
}
