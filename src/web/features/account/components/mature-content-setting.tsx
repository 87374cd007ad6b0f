import { useState } from 'react';
import { MODERATION_MESSAGES } from '@/contracts/moderation-values';
import { Switch } from '@/web/components/ui/switch';
import { ConfirmDialog } from '@/web/features/billing/components/confirm-dialog';
import { isApiError } from '@/web/lib/api-client';
import { useUpdatePreferences } from '../api/update-preferences';

/** The server's refusal of 'on' without the 18+ confirmation. */
const needsAdultConfirmation = (error: unknown) =>
  isApiError(error, 400) && error.message === MODERATION_MESSAGES.confirmAdult;

/**
 * 'Show R-rated dares' (issue 21 item 7), off by default. Turning it on asks the server
 * first without the 18+ confirmation: an account that confirmed before is not asked again,
 * else the server's 400 opens the one-time 'I am 18 or older' dialog. Off needs nothing.
 */
export function MatureContentSetting({ enabled }: { enabled: boolean }) {
  const update = useUpdatePreferences();
  const [confirming, setConfirming] = useState(false);

  const change = (on: boolean) => {
    update.mutate(
      { showMatureContent: on },
      {
        onError: (error) => {
          if (on && needsAdultConfirmation(error)) setConfirming(true);
        },
      },
    );
  };
  const confirm = () => {
    update.mutate(
      { showMatureContent: true, confirmAdult: true },
      { onSettled: () => setConfirming(false) },
    );
  };
  const failure = update.isError && !needsAdultConfirmation(update.error) ? update.error : null;

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
      {failure && (
        <p role="alert" className="text-sm text-danger">
          {failure.message}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Are you 18 or older?"
        description="R-rated dares can show content meant for adults. Confirm your age to see them."
        confirmLabel="I am 18 or older"
        confirmVariant="primary"
        onConfirm={confirm}
        busy={update.isPending}
      />
    </div>
  );
}
