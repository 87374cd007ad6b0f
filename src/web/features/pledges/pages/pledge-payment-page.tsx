import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useParams } from 'wouter';
import { PLEDGE_MESSAGES } from '@/contracts/pledge-values';
import { PageFallback } from '@/web/app/layout/page-fallback';
import { PageHeader } from '@/web/components/layout/page-header';
import { RequireAuth } from '@/web/features/auth/components/require-auth';
import { formatAmount } from '@/web/features/payments/lib/format-amount';
import { toastPledgeAuthorized } from '@/web/features/payments/lib/payment-toasts';
import { isApiError } from '@/web/lib/api-client';
import { usePledge } from '../api/get-pledge';
import { refreshAfterPledge } from '../api/pledge-caches';
import {
  PaymentAuthorizedPanel,
  PaymentSetupErrorPanel,
} from '../components/payment-outcome-panels';
import { PledgeCheckout } from '../components/pledge-checkout';

function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** Statuses with a hold in place (or already charged): nothing left to pay. */
const PAID = new Set(['authorized', 'captured']);
/** Statuses that can take a card: new, or a renewal that needs the payer. */
const PAYABLE = new Set(['pending', 'requires_action']);

/** /pledge/{pledgeId}/payment: authorize the card for a pledge made elsewhere. */
export function PledgePaymentPage() {
  const { pledgeId } = useParams<{ pledgeId: string }>();
  return <RequireAuth>{() => <PledgePayment key={pledgeId} id={parseId(pledgeId)} />}</RequireAuth>;
}

function Screen({ backTo = '/', children }: { backTo?: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title="Complete Your Pledge" backTo={backTo} />
      <div className="flex flex-col px-4 py-5">{children}</div>
    </>
  );
}

function PledgePayment({ id }: { id: number | null }) {
  const queryClient = useQueryClient();
  const pledge = usePledge(id);
  const [authorized, setAuthorized] = useState(false);

  if (id === null) {
    return (
      <Screen>
        <PaymentSetupErrorPanel message={PLEDGE_MESSAGES.pledgeNotFound} />
      </Screen>
    );
  }
  if (pledge.isPending) return <PageFallback />;
  if (pledge.isError) {
    // The server's reason for a pledge that is missing or someone else's; otherwise the spec's.
    const known = isApiError(pledge.error) && pledge.error.status < 500;
    return (
      <Screen>
        <PaymentSetupErrorPanel
          message={known ? pledge.error.message : 'Failed to load pledge details'}
        />
      </Screen>
    );
  }

  const { data } = pledge;
  let body: ReactNode;
  if (authorized || PAID.has(data.status)) {
    body = <PaymentAuthorizedPanel dareId={data.dareId} amount={formatAmount(data.amount)} />;
  } else if (!PAYABLE.has(data.status)) {
    body = <PaymentSetupErrorPanel message={PLEDGE_MESSAGES.pledgeClosed} />;
  } else {
    body = (
      <PledgeCheckout
        pledge={data}
        onAuthorized={() => {
          setAuthorized(true);
          toastPledgeAuthorized('Payment Authorized');
          void refreshAfterPledge(queryClient);
        }}
      />
    );
  }
  return <Screen backTo={`/dares/${data.dareId}`}>{body}</Screen>;
}
