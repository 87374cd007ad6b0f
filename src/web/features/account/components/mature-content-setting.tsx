import { useState } from 'react';
import { Switch } from '@/web/components/ui/switch';
import { ConfirmDialog } from '@/web/features/billing/components/confirm-dialog';
import { useUpdatePreferences } from '../api/update-preferences';

/**
 * 'Show R-rated dares' (issue 21 item 7), off by default. Turning it on asks once, in a
 * dialog, for the 18+ confirmation the server requires with it (`confirmAdult: true`, else
 * 400); turning it off needs nothing.
 */
export function MatureContentSetting({ enabled }: { enabled: boolean }) {
  const update = useUpdatePreferences();
  const [confirming, setConfirming] = useState(false);

  const change = (on: boolean) => {
    if (on) setConfirming(true);
    else update.mutate({ showMatureContent: false });
  };
  const confirm = () => {
    update.mutate(
      { showMatureContent: true, confirmAdult: true },
      { onSettled: () => setConfirming(false) },
    );
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-4 rounded-2xl border border-line bg-surface p-4">
        <div className="min-w-0">
          <p id="mature-setting-label" className="font-medium text-ink">
            Show R-rated dares
          </p>
          <p id="mature-setting-hint" className="mt-0.5 text-sm text-ink-muted">
            Dares rated R stay out of your feeds and behind a gate until you turn this on. For
            adults only.
          </p>
        </div>
        <Switch
          checked={enabled}
          disabled={update.isPending}
          aria-labelledby="mature-setting-label"
          aria-describedby="mature-setting-hint"
          onCheckedChange={change}
        />
      </div>
      {update.isError && (
        <p role="alert" className="text-sm text-danger">
          {update.error.message}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Are you 18 or older?"
        description="R-rated dares can show content meant for adults. Confirm your age to see them."
        confirmLabel="Yes, I'm 18+"
        confirmVariant="primary"
        onConfirm={confirm}
        busy={update.isPending}
      />
    </div>
  );
}
