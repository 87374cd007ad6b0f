import { Check, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { APPROVE_REASONS, REJECT_REASONS } from '@/contracts/submission-values';
import { Button } from '@/web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { cn } from '@/web/lib/cn';
import {
  pickRejectPreset,
  rejectReason,
  toggleApproveReason,
  typeOtherReason,
  type VoteChoice,
  type VoteTab,
} from '../lib/vote-choice';

interface VoteReasonsPanelProps {
  choice: VoteChoice;
  onChange: (choice: VoteChoice) => void;
  busy: boolean;
  onApprove: (reason: string | null) => void;
  onReject: (reason: string) => void;
}

function ReasonOption(props: {
  name: string;
  label: string;
  checked: boolean;
  onSelect: () => void;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-sm',
        'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-accent',
        props.checked ? 'border-accent bg-accent/10 text-ink' : 'border-line text-ink-muted',
      )}
    >
      <input
        type="radio"
        name={props.name}
        checked={props.checked}
        onChange={() => undefined}
        onClick={props.onSelect}
        className="accent-[var(--color-accent,#22d3ee)]"
      />
      {props.label}
    </label>
  );
}

/** Review Video / Approve / Reject, after the first choice (spec section 2). */
export function VoteReasonsPanel({
  choice,
  onChange,
  busy,
  onApprove,
  onReject,
}: VoteReasonsPanelProps) {
  const approveName = useId();
  const rejectName = useId();
  const reason = rejectReason(choice);
  // The panel replaces the Approve / Reject buttons the voter just pressed: the focus moves
  // on to the chosen tab instead of falling back to the dialog itself (WCAG 2.4.3).
  const tabs = useRef<HTMLDivElement>(null);
  useEffect(() => {
    tabs.current?.querySelector<HTMLElement>('[role="tab"][data-state="active"]')?.focus();
  }, []);
  return (
    <Tabs value={choice.tab} onValueChange={(tab) => onChange({ ...choice, tab: tab as VoteTab })}>
      <TabsList ref={tabs}>
        <TabsTrigger value="review">Review Video</TabsTrigger>
        <TabsTrigger value="approve">Approve</TabsTrigger>
        <TabsTrigger value="reject">Reject</TabsTrigger>
      </TabsList>
      <TabsContent value="review" className="pt-3 text-sm text-ink-muted">
        Watch the proof above as often as you need, then choose Approve or Reject.
      </TabsContent>
      <TabsContent value="approve" className="flex flex-col gap-2 pt-3">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-ink">Reason (optional)</legend>
          {APPROVE_REASONS.map((item) => (
            <ReasonOption
              key={item}
              name={approveName}
              label={item}
              checked={choice.approveReason === item}
              onSelect={() => onChange(toggleApproveReason(choice, item))}
            />
          ))}
        </fieldset>
        <Button className="mt-1 w-full" busy={busy} onClick={() => onApprove(choice.approveReason)}>
          <Check className="size-4" aria-hidden="true" />
          Approve
        </Button>
      </TabsContent>
      <TabsContent value="reject" className="flex flex-col gap-2 pt-3">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-ink">Why are you rejecting it?</legend>
          {REJECT_REASONS.map((item) => (
            <ReasonOption
              key={item}
              name={rejectName}
              label={item}
              checked={choice.rejectPreset === item}
              onSelect={() => onChange(pickRejectPreset(choice, item))}
            />
          ))}
        </fieldset>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          Other reason
          <textarea
            value={choice.otherReason}
            onChange={(event) => onChange(typeOtherReason(choice, event.target.value))}
            rows={2}
            placeholder="Describe what was missing"
            className="rounded-xl border border-line bg-surface-raised px-3 py-2 text-sm font-normal text-ink"
          />
        </label>
        <Button
          variant="destructive"
          className="mt-1 w-full"
          busy={busy}
          disabled={!reason}
          onClick={() => reason && onReject(reason)}
        >
          <X className="size-4" aria-hidden="true" />
          Reject
        </Button>
      </TabsContent>
    </Tabs>
  );
}
