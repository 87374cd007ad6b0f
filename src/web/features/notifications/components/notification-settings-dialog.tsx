import { Bell, Mail } from 'lucide-react';
import { NOTIFICATION_KIND_LABELS } from '@/contracts/notification-settings';
import type { NotificationKind } from '@/contracts/notifications';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { toast } from '@/web/components/ui/toast-store';
import {
  useNotificationSettings,
  useUpdateNotificationSettings,
} from '../api/notification-settings';

interface NotificationSettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Notification Settings (DESIGN.md section 6): one email switch per kind of notification,
 * saved as it is flipped. The kinds come from the server (NOTIFICATION_KINDS), so new ones
 * appear here by themselves. In-app notifications cannot be turned off.
 */
export function NotificationSettingsDialog({
  open,
  onOpenChange,
}: NotificationSettingsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Notification Settings"
        description="Choose which notifications are also sent to you by email."
      >
        {open && <SettingsList />}
      </DialogContent>
    </Dialog>
  );
}

function SettingsList() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();

  const change = (kind: NotificationKind, email: boolean) => {
    const label = NOTIFICATION_KIND_LABELS[kind] ?? kind;
    update.mutate(
      { settings: [{ kind, email }] },
      {
        onSuccess: () =>
          toast({
            title: 'Notification settings saved',
            description: `Email ${email ? 'on' : 'off'}: ${label}`,
          }),
        onError: (error) =>
          toast({ title: 'Update failed', description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-start gap-2 rounded-xl bg-surface-raised p-3 text-sm text-ink-muted">
        <Bell className="mt-0.5 size-4 shrink-0 text-ink" aria-hidden="true" />
        <span>In-app notifications are always on. These switches only choose your emails.</span>
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
            return (
              <li key={kind} className="flex items-center justify-between gap-3 py-3">
                <span id={labelId} className="flex min-w-0 items-center gap-2 text-sm text-ink">
                  <Mail className="size-4 shrink-0 text-ink-muted" aria-hidden="true" />
                  {NOTIFICATION_KIND_LABELS[kind] ?? kind}
                </span>
                <Switch
                  checked={email}
                  aria-labelledby={labelId}
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
