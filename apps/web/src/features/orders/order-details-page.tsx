import {
  CARD_BRAND_LABELS,
  ORDER_TEXTS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type Order,
  type OrderStatusUpdate,
} from '@teamhire/shared';
import { LoaderCircle, MessageSquare, Play } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { PageShell } from '../../components/ui/page-shell';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { useContactTeam } from '../../lib/contact-team';
import { ConfirmationDialog } from '../../components/ui/confirmation-dialog';
import { useOrder } from './api/get-order';
import { useUpdateOrderStatus } from './api/update-order-status';
import { Detail, InfoCard, OrderPackageCard, OrderTeamCard } from './components/info-card';
import { OrderLoadState } from './components/order-load-state';
import { OrderStatusBadge } from './components/order-status-badge';
import { OrderTimeline } from './components/order-timeline';
import { ReviewCard } from '../../components/reviews/review-card';
import { ReviewForm } from './components/review-form';

/** Delivering and completing have their own calls (the buyer accepts a delivery), so no button asks for them here. */
type Transition = Exclude<OrderStatusUpdate['status'], 'delivered' | 'completed'>;

export const TRANSITION_TEXTS: Record<Transition, { action: string; done: string; failed: string }> = {
  in_progress: {
    action: 'Start Work',
    done: 'Work started. The buyer has been told.',
    failed: 'Failed to start work. Please try again.',
  },
  cancelled: {
    action: 'Cancel Order',
    done: 'Order cancelled. The payment will be refunded.',
    failed: 'Failed to cancel the order. Please try again.',
  },
  refunded: {
    action: 'Refund Order',
    done: 'Order refunded.',
    failed: 'Failed to refund the order. Please try again.',
  },
};

/** Leaving the order behind (cancel, refund) asks first; moving the work forward does not. */
const CONFIRM_QUESTIONS: Partial<Record<Transition, string>> = {
  cancelled: ORDER_TEXTS.cancelConfirm,
  refunded: 'Are you sure you want to refund this order? The buyer gets the full amount back.',
};

function OrderActions({ order }: { order: Order }) {
  const updateStatus = useUpdateOrderStatus(order.id);
  const contactTeam = useContactTeam();
  const { showToast } = useToast();
  const [confirming, setConfirming] = useState<Transition | null>(null);

  const allowed = new Set(order.allowed_transitions);
  // Cancel Order only for the buyer while the order is confirmed; the server says the same.
  const canCancel = order.viewer.is_buyer && order.status === 'confirmed' && allowed.has('cancelled');
  const teamActions = (['in_progress'] as const).filter(
    (status) => order.viewer.is_team && allowed.has(status),
  );
  const canRefund = order.viewer.is_admin && allowed.has('refunded');

  const apply = async (status: Transition) => {
    try {
      await updateStatus.mutateAsync(status);
      showToast({ title: TRANSITION_TEXTS[status].done, variant: 'success' });
      setConfirming(null);
    } catch (error) {
      const detail = error instanceof ApiError && error.status === 409 ? error.detail : null;
      showToast({ title: detail ?? TRANSITION_TEXTS[status].failed, variant: 'error' });
    }
  };

  const pendingStatus = updateStatus.isPending ? updateStatus.variables : null;

  return (
    <div className="flex flex-wrap gap-3">
      {order.viewer.is_buyer ? (
        <Button variant="secondary" onClick={() => contactTeam(order.team)}>
          <MessageSquare aria-hidden="true" className="size-4" />
          Chat with Team
        </Button>
      ) : null}
      {teamActions.map((status) => (
        <Button key={status} onClick={() => void apply(status)} disabled={updateStatus.isPending}>
          {pendingStatus === status ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          ) : (
            <Play aria-hidden="true" className="size-4" />
          )}
          {TRANSITION_TEXTS[status].action}
        </Button>
      ))}
      {canCancel ? (
        <Button
          variant="secondary"
          className="border-red-300 text-red-800 hover:bg-red-50"
          onClick={() => setConfirming('cancelled')}
        >
          {TRANSITION_TEXTS.cancelled.action}
        </Button>
      ) : null}
      {canRefund ? (
        <Button variant="secondary" onClick={() => setConfirming('refunded')}>
          {TRANSITION_TEXTS.refunded.action}
        </Button>
      ) : null}
      <ConfirmationDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !updateStatus.isPending) setConfirming(null);
        }}
        title={confirming ? TRANSITION_TEXTS[confirming].action : ''}
        description={confirming ? CONFIRM_QUESTIONS[confirming] : ''}
        confirmLabel={confirming ? `Yes, ${TRANSITION_TEXTS[confirming].action.toLowerCase()}` : ''}
        destructive
        pending={updateStatus.isPending}
        onConfirm={() => {
          if (confirming) void apply(confirming);
        }}
      />
    </div>
  );
}

function PaymentCard({ order }: { order: Order }) {
  const payment = order.payment;
  return (
    <InfoCard title="Payment">
      {payment ? (
        <dl className="divide-y divide-slate-100">
          <Detail label="Method">
            {payment.card_brand && payment.card_last_four
              ? `${CARD_BRAND_LABELS[payment.card_brand]} ending in ${payment.card_last_four}`
              : PAYMENT_METHOD_LABELS[payment.method]}
          </Detail>
          <Detail label="Amount">{formatMoney(payment.amount)}</Detail>
          <Detail label="Status">{PAYMENT_STATUS_LABELS[payment.status]}</Detail>
          <Detail label="Transaction ID">
            <span className="font-mono text-xs">{payment.transaction_id ?? '—'}</span>
          </Detail>
          <Detail label="Paid">{payment.completed_at ? formatDate(payment.completed_at) : '—'}</Detail>
        </dl>
      ) : (
        <p className="text-sm text-slate-600">No payment was made for this order.</p>
      )}
    </InfoCard>
  );
}

function OrderDetails({ order }: { order: Order }) {
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-xl font-semibold text-slate-900">{`Order #${order.id}`}</h2>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="text-slate-700">{order.service_package.title}</p>
        <OrderActions order={order} />
      </header>

      <OrderTimeline order={order} />

      <InfoCard title="Order">
        <dl className="divide-y divide-slate-100">
          <Detail label="Order ID">{`#${order.id}`}</Detail>
          <Detail label="Placed">{formatDate(order.created_at)}</Detail>
          <Detail label="Last updated">{formatDate(order.updated_at)}</Detail>
          {order.completed_at ? <Detail label="Completed">{formatDate(order.completed_at)}</Detail> : null}
          <Detail label="Total">{formatMoney(order.total_amount)}</Detail>
          {order.viewer.is_buyer ? null : <Detail label="Buyer">{order.buyer.username}</Detail>}
        </dl>
      </InfoCard>

      {order.viewer.is_buyer ? (
        <>
          <OrderPackageCard servicePackage={order.service_package} />
          <OrderTeamCard team={order.team} />
          <PaymentCard order={order} />
        </>
      ) : null}

      {order.can_review ? (
        <InfoCard title="Rate This Order">
          <ReviewForm orderId={order.id} />
        </InfoCard>
      ) : null}
      {order.review ? (
        <InfoCard title={order.viewer.is_buyer ? 'Your Review' : "Buyer's Review"}>
          <ReviewCard review={order.review} />
        </InfoCard>
      ) : null}
    </div>
  );
}

/**
 * An order with its lifecycle (the server enforces every step), to its buyer, its team and general admins.
 */
export function OrderDetailsPage() {
  const orderId = Number(useParams().orderId);
  const order = useOrder(orderId);
  return (
    <PageShell title="Order Details" backTo={{ to: '/orders', label: 'Back to Orders' }}>
      <OrderLoadState order={order} validId={Number.isInteger(orderId) && orderId > 0}>
        {(loaded) => <OrderDetails order={loaded} />}
      </OrderLoadState>
    </PageShell>
  );
}
