import { BellRing } from 'lucide-react';
import { Switch } from '@/web/components/ui/switch';
import { usePushDevice } from '../api/push-device';
import { PUSH_UNAVAILABLE_TEXT } from '../lib/push-device';

const LABEL_ID = 'push-device-label';
const NOTE_ID = 'push-device-note';

/**
 * 'Push notifications on this device' (issue 22 item 5): one switch for this browser. The
 * kinds it pushes follow the switches below (new pledges, proofs to vote on, outcomes, dare
 * requests) plus new messages. When the browser cannot push, or notifications are blocked,
 * the switch is disabled and the reason is said in words (and read with the switch).
 */
export function PushDeviceSetting({ userId }: { userId: number }) {
  const { state, setOn } = usePushDevice(userId);
  const on = state.status === 'ready' && state.on;
  const disabled = state.status !== 'ready' || state.busy;
  const note =
    state.status === 'unavailable'
      ? PUSH_UNAVAILABLE_TEXT[state.reason]
      : state.status === 'ready' && state.error
        ? state.error
        : state.status === 'checking'
          ? 'Checking this browser…'
          : 'New pledges, proofs to vote on, outcomes and dare requests (as chosen below), and new messages.';
  const isProblem = state.status === 'unavailable' || (state.status === 'ready' && !!state.error);

  return (
    <section
      className="flex flex-col gap-2 rounded-xl border border-line p-3"
      aria-busy={disabled && state.status !== 'unavailable'}
    >
      <div className="flex items-center justify-between gap-3">
        <span
          id={LABEL_ID}
          className="flex min-w-0 items-center gap-2 text-sm font-medium text-ink"
        >
          <BellRing className="size-4 shrink-0 text-ink-muted" aria-hidden="true" />
          Push notifications on this device
        </span>
        <Switch
          checked={on}
          disabled={disabled}
          aria-labelledby={LABEL_ID}
          aria-describedby={NOTE_ID}
          onCheckedChange={(next) => void setOn(next)}
        />
      </div>
      <p
        id={NOTE_ID}
        className={isProblem ? 'text-sm text-ink' : 'text-xs text-ink-muted'}
        role={isProblem ? 'status' : undefined}
      >
        {note}
      </p>
    </section>
  );
}
