import { Bell, Mail } from 'lucide-react';
import { NOTIFICATION_KIND_LABELS } from '@/contracts/notification-settings';
import type { NotificationKind } from '@/contracts/notifications';
import { PUSHED_NOTIFICATION_KINDS } from '@/contracts/push';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { toast } from '@/web/components/ui/toast-store';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import {
  useNotificationSettings,
  useUpdateNotificationSettings,
} from '../api/notification-settings';
import { PushDeviceSetting } from './push-device-setting';

interface NotificationSettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Notification Settings (DESIGN.md section 6): one email switch per kind of notification,
 * saved as it is flipped. The kinds come from the server (NOTIFICATION_KINDS), so new ones
 * appear here by themselves. In-app notifications cannot be turned off. Above them, 'Push
 * notifications on this device'; a pushed kind's switch chooses its push too (decision 0053).
 */
export function NotificationSettingsDialog({
  open,
  onOpenChange,
}: NotificationSettingsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Notification Settings"
        description="Choose which notifications also reach you by email and push."
      >
        {open && <SettingsList />}
      </DialogContent>
    </Dialog>
  );
}

function SettingsList() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const me = useCurrentUser().data;

  const change = (kind: NotificationKind, email: boolean) => {
    const label = NOTIFICATION_KIND_LABELS[kind] ?? kind;
    update.mutate(
      { settings: [{ kind, email }] },
      {
        onSuccess: () =>
          toast({
            title: 'Notification settings saved',
            description: `${PUSHED_NOTIFICATION_KINDS.includes(kind) ? 'Email and push' : 'Email'} ${email ? 'on' : 'off'}: ${label}`,
          }),
        onError: (error) =>
          toast({ title: 'Update failed', description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      {me && <PushDeviceSetting userId={me.id} />}
      <p className="flex items-start gap-2 rounded-xl bg-surface-raised p-3 text-sm text-ink-muted">
        <Bell className="mt-0.5 size-4 shrink-0 text-ink" aria-hidden="true" />
        <span>
          In-app notifications are always on. These switches choose your emails, and for the kinds
          marked 'Email and push' your push notifications too.
        </span>
      </p>
      {settings.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <Skeleton key={i} className="h-10 w-full rounded-xl" />
          ))}
        </div>
      ) : settings.isError ? (
        <div className="flex flex-col items-start gap-2 text-sm text-ink-muted">
          <p role="alert">Failed to load notification settings</p>
          <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul className="flex flex-col divide-y divide-line" aria-label="Email notifications">
          {settings.data.settings.map(({ kind, email }) => {
            const labelId = `notification-setting-${kind}`;
            const pushed = PUSHED_NOTIFICATION_KINDS.includes(kind);
            return (
              <li key={kind} className="flex items-center justify-between gap-3 py-3">
                <span className="flex min-w-0 items-center gap-2 text-sm text-ink">
                  <Mail className="size-4 shrink-0 text-ink-muted" aria-hidden="true" />
                  <span className="flex min-w-0 flex-col">
                    <span id={labelId}>{NOTIFICATION_KIND_LABELS[kind] ?? kind}</span>
                    {pushed && (
                      <span id={`${labelId}-push`} className="text-xs text-ink-muted">
                        Email and push
                      </span>
                    )}
                  </span>
                </span>
                <Switch
                  checked={email}
                  aria-labelledby={labelId}
                  aria-describedby={pushed ? `${labelId}-push` : undefined}
                  onCheckedChange={(next) => change(kind, next)}
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
