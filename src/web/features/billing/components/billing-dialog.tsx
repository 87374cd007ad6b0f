import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { BILLING_MESSAGES, type SavedPaymentMethod } from '@/contracts/billing';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { toast } from '@/web/components/ui/toast-store';
import { usePaymentConfig } from '@/web/features/payments/api/payment-config';
import { useSavedPaymentMethods } from '../api/get-payment-methods';
import { useDeleteCard, useSetDefaultCard } from '../api/manage-payment-methods';
import { cardTitle } from '../lib/card-display';
import { CardEditor } from './card-editor';
import { ConfirmDialog } from './confirm-dialog';
import { type CardAction, PaymentMethodList } from './payment-method-list';
import { PayoutAccountCard } from './payout-account-card';

const ADD_BUTTON_ID = 'billing-add-card';
const CARDS_HEADING_ID = 'billing-cards-title';

type View = { kind: 'list' } | { kind: 'add' } | { kind: 'replace'; method: SavedPaymentMethod };

interface BillingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Billing & Payment from the profile menu (spec section 2): saved cards and the payout account. */
export function BillingDialog({ open, onOpenChange }: BillingDialogProps) {
  const [view, setView] = useState<View>({ kind: 'list' });
  const title =
    view.kind === 'add'
      ? 'Add card'
      : view.kind === 'replace'
        ? `Replace ${cardTitle(view.method)}`
        : 'Billing & Payment';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setView({ kind: 'list' });
      }}
    >
      <DialogContent
        title={title}
        description={view.kind === 'list' ? 'Your cards and payouts.' : undefined}
      >
        <BillingContent view={view} setView={setView} />
      </DialogContent>
    </Dialog>
  );
}

function BillingContent({ view, setView }: { view: View; setView: (view: View) => void }) {
  const config = usePaymentConfig();
  const methods = useSavedPaymentMethods();
  const setDefault = useSetDefaultCard();
  const remove = useDeleteCard();
  const [toDelete, setToDelete] = useState<SavedPaymentMethod | null>(null);
  // Both providers add and replace cards; only the simulated one shows the test-mode notice.
  const simulated = config.data?.provider === 'simulated';
  const canEdit = config.data !== undefined;
  const deleted = useRef(false);

  useEffect(() => {
    if (methods.isError) {
      toast({
        title: BILLING_MESSAGES.loadFailed,
        description: methods.error?.message,
        variant: 'destructive',
      });
    }
  }, [methods.isError, methods.error]);

  // Moving between the list and a form replaces what had focus: put it somewhere useful.
  const formShown = view.kind !== 'list';
  const wasForm = useRef(false);
  useEffect(() => {
    if (formShown) {
      // The simulated form starts with the card number; Stripe's with the cardholder name.
      const first =
        document.getElementById('billing-card-number') ??
        document.getElementById('billing-card-stripe-name');
      first?.focus();
    } else if (wasForm.current) document.getElementById(ADD_BUTTON_ID)?.focus();
    wasForm.current = formShown;
  }, [formShown]);

  const back = () => setView({ kind: 'list' });
  const failed = (title: string) => (error: Error) =>
    toast({ title, description: error.message, variant: 'destructive' });

  const onAction = (action: CardAction, method: SavedPaymentMethod) => {
    if (action === 'replace') return setView({ kind: 'replace', method });
    if (action === 'delete') return setToDelete(method);
    setDefault.mutate(method.id, {
      onSuccess: () => toast({ title: 'Default card updated', description: cardTitle(method) }),
      onError: failed('Could not change the default card'),
    });
  };

  if (view.kind !== 'list' && config.data) {
    const replacing = view.kind === 'replace' ? view.method : null;
    return <CardEditor config={config.data} replacing={replacing} onDone={back} />;
  }

  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby={CARDS_HEADING_ID} className="flex flex-col gap-3">
        <h3
          id={CARDS_HEADING_ID}
          tabIndex={-1}
          className="text-sm font-semibold tracking-wide text-ink-muted uppercase"
        >
          Payment methods
        </h3>
        <PaymentMethodList
          methods={methods.data}
          isPending={methods.isPending}
          isError={methods.isError}
          onRetry={() => void methods.refetch()}
          busyId={setDefault.isPending ? (setDefault.variables ?? null) : null}
          canReplace={canEdit}
          onAction={onAction}
        />
        {canEdit && (
          <Button
            id={ADD_BUTTON_ID}
            variant="secondary"
            className="w-full"
            onClick={() => setView({ kind: 'add' })}
          >
            <Plus className="size-4" aria-hidden="true" />
            Add card
          </Button>
        )}
      </section>
      <section aria-labelledby="billing-payouts-title" className="flex flex-col gap-3">
        <h3
          id="billing-payouts-title"
          className="text-sm font-semibold tracking-wide text-ink-muted uppercase"
        >
          Payouts
        </h3>
        <p className="text-sm text-ink-muted">
          Money from dares you complete is sent to this account once it is verified.
        </p>
        <PayoutAccountCard />
      </section>
      {simulated && (
        <p className="text-center text-xs text-ink-muted">
          This is a test payment form. No real payments will be processed.
        </p>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(next) => !next && setToDelete(null)}
        title="Delete payment method"
        description={BILLING_MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCloseAutoFocus={(event) => {
          // The deleted card's button is gone; land on the list instead.
          if (!deleted.current) return;
          deleted.current = false;
          event.preventDefault();
          document.getElementById(CARDS_HEADING_ID)?.focus();
        }}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              deleted.current = true;
              toast({ title: 'Payment method deleted', description: cardTitle(toDelete) });
            },
            onError: failed('Could not delete the payment method'),
            onSettled: () => setToDelete(null),
          });
        }}
      />
    </div>
  );
}
