import {
  CARD_BRAND_LABELS,
  DELIVERY_TEXTS,
  ORDER_TEXTS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type Order,
  type OrderStatusUpdate,
} from '@teamhire/shared';
import {
  CircleCheck,
  Gavel,
  LoaderCircle,
  MessageSquare,
  Play,
  RotateCcw,
  Send,
  ShieldAlert,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/button';
import { DownloadReceiptButton } from '../../components/orders/download-receipt-button';
import { PageShell } from '../../components/ui/page-shell';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { useContactTeam } from '../../lib/contact-team';
import { ConfirmationDialog } from '../../components/ui/confirmation-dialog';
import { useOrder } from '../../lib/queries/get-order';
import { useUpdateOrderStatus } from './api/update-order-status';
import { useAcceptDelivery } from './api/accept-delivery';
import { useLiveOrders } from './api/use-live-orders';
import { DeliverWorkDialog } from './components/deliver-work-dialog';
import { OpenDisputeDialog } from './components/open-dispute-dialog';
import { OrderSchedule } from './components/order-schedule';
import { RequestRevisionDialog } from './components/request-revision-dialog';
import { DeliveriesList } from '../../components/orders/deliveries-list';
import { DisputeSummary } from '../../components/orders/dispute-summary';
import { OrderHistory } from '../../components/orders/order-history';
import { Detail, InfoCard, OrderPackageCard, OrderTeamCard } from './components/info-card';
import { OrderLoadState } from './components/order-load-state';
import { isOfferOrder, OrderSubject } from './components/order-subject';
import { OrderStatusBadge } from './components/order-status-badge';
import { OrderTimeline } from './components/order-timeline';
import { ReviewCard } from '../../components/reviews/review-card';
import { ReviewForm } from './components/review-form';

/** The statuses this page asks PUT /status for; delivering and completing have their own calls. */
type Transition = Extract<OrderStatusUpdate['status'], 'in_progress' | 'cancelled' | 'refunded'>;

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

export const ACCEPT_TEXTS = {
  action: 'Accept Delivery',
  question: 'Accept this delivery? The order will be completed and the team paid. This cannot be undone.',
  confirm: 'Yes, accept delivery',
  done: 'Delivery accepted. The order is completed.',
  failed: 'Failed to accept the delivery. Please try again.',
} as const;

/** Leaving the order behind (cancel, refund) asks first; moving the work forward does not. */
const CONFIRM_QUESTIONS: Record<Exclude<Transition, 'in_progress'>, string> = {
  cancelled: ORDER_TEXTS.cancelConfirm,
  refunded: 'Are you sure you want to refund this order? The buyer gets the full amount back.',
};

type OpenDialog = 'cancelled' | 'refunded' | 'accept' | 'deliver' | 'revision' | 'dispute' | null;

function errorDetail(error: unknown): string | null {
  return error instanceof ApiError && error.status === 409 ? error.detail : null;
}

function OrderActions({ order }: { order: Order }) {
  const updateStatus = useUpdateOrderStatus(order.id);
  const acceptDelivery = useAcceptDelivery(order.id);
  const contactTeam = useContactTeam();
  const { showToast } = useToast();
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const actions = new Set(order.allowed_actions);
  // Cancel Order only for the buyer; the server says when (confirmed, or in progress and late).
  const canCancel = order.viewer.is_buyer && actions.has('cancel');
  const canStart = order.viewer.is_team && actions.has('start_work');
  const canDeliver = order.viewer.is_team && actions.has('deliver');
  const canAccept = order.viewer.is_buyer && actions.has('accept');
  const canRequestRevision = order.viewer.is_buyer && actions.has('request_revision');
  const canDispute = (order.viewer.is_buyer || order.viewer.is_team) && actions.has('open_dispute');
  const canRefund = order.viewer.is_admin && actions.has('refund');
  const revisionsLeft = Math.max(order.revisions_included - order.revisions_used, 0);

  const apply = async (status: Transition) => {
    try {
      await updateStatus.mutateAsync(status);
      showToast({ title: TRANSITION_TEXTS[status].done, variant: 'success' });
      setDialog(null);
    } catch (error) {
      showToast({ title: errorDetail(error) ?? TRANSITION_TEXTS[status].failed, variant: 'error' });
    }
  };

  const accept = async () => {
    try {
      await acceptDelivery.mutateAsync(undefined);
      showToast({ title: ACCEPT_TEXTS.done, variant: 'success' });
      setDialog(null);
    } catch (error) {
      showToast({ title: errorDetail(error) ?? ACCEPT_TEXTS.failed, variant: 'error' });
    }
  };

  const confirming = dialog === 'cancelled' || dialog === 'refunded' ? dialog : null;
  const closeUnlessBusy = (open: boolean) => {
    if (!open && !updateStatus.isPending && !acceptDelivery.isPending) setDialog(null);
  };

  return (
    <div className="flex flex-wrap gap-3">
      {order.viewer.is_buyer ? (
        <Button variant="secondary" onClick={() => contactTeam(order.team)}>
          <MessageSquare aria-hidden="true" className="size-4" />
          Chat with Team
        </Button>
      ) : null}
      {canStart ? (
        <Button onClick={() => void apply('in_progress')} disabled={updateStatus.isPending}>
          {updateStatus.isPending && updateStatus.variables === 'in_progress' ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          ) : (
            <Play aria-hidden="true" className="size-4" />
          )}
          {TRANSITION_TEXTS.in_progress.action}
        </Button>
      ) : null}
      {canDeliver ? (
        <Button onClick={() => setDialog('deliver')}>
          <Send aria-hidden="true" className="size-4" />
          Deliver Work
        </Button>
      ) : null}
      {canAccept ? (
        <Button onClick={() => setDialog('accept')}>
          <CircleCheck aria-hidden="true" className="size-4" />
          {ACCEPT_TEXTS.action}
        </Button>
      ) : null}
      {canRequestRevision ? (
        <Button variant="secondary" onClick={() => setDialog('revision')}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Request Revision
        </Button>
      ) : null}
      {canCancel ? (
        <Button
          variant="secondary"
          className="border-red-300 text-red-800 hover:bg-red-50"
          onClick={() => setDialog('cancelled')}
        >
          {TRANSITION_TEXTS.cancelled.action}
        </Button>
      ) : null}
      {canDispute ? (
        <Button
          variant="secondary"
          className="border-orange-300 text-orange-900 hover:bg-orange-50"
          onClick={() => setDialog('dispute')}
        >
          <ShieldAlert aria-hidden="true" className="size-4" />
          Open Dispute
        </Button>
      ) : null}
      {order.viewer.is_admin && order.dispute?.status === 'open' ? (
        <Link to={`/admin/disputes/${order.dispute.id}`} className={buttonClassName('primary')}>
          <Gavel aria-hidden="true" className="size-4" />
          Resolve Dispute
        </Link>
      ) : null}
      {canRefund ? (
        <Button variant="secondary" onClick={() => setDialog('refunded')}>
          {TRANSITION_TEXTS.refunded.action}
        </Button>
      ) : null}
      {order.viewer.is_buyer && order.status === 'delivered' && !canRequestRevision ? (
        <p className="w-full text-sm text-slate-600">{DELIVERY_TEXTS.noRevisionsLeft}.</p>
      ) : null}
      <ConfirmationDialog
        open={confirming !== null}
        onOpenChange={closeUnlessBusy}
        title={confirming ? TRANSITION_TEXTS[confirming].action : ''}
        description={confirming ? CONFIRM_QUESTIONS[confirming] : ''}
        confirmLabel={confirming ? `Yes, ${TRANSITION_TEXTS[confirming].action.toLowerCase()}` : ''}
        destructive
        pending={updateStatus.isPending}
        onConfirm={() => {
          if (confirming) void apply(confirming);
        }}
      />
      <ConfirmationDialog
        open={dialog === 'accept'}
        onOpenChange={closeUnlessBusy}
        title={ACCEPT_TEXTS.action}
        description={ACCEPT_TEXTS.question}
        confirmLabel={ACCEPT_TEXTS.confirm}
        pending={acceptDelivery.isPending}
        onConfirm={() => void accept()}
      />
      <DeliverWorkDialog
        orderId={order.id}
        open={dialog === 'deliver'}
        onOpenChange={(open) => setDialog(open ? 'deliver' : null)}
      />
      <RequestRevisionDialog
        orderId={order.id}
        revisionsLeft={revisionsLeft}
        revisionsIncluded={order.revisions_included}
        open={dialog === 'revision'}
        onOpenChange={(open) => setDialog(open ? 'revision' : null)}
      />
      <OpenDisputeDialog
        orderId={order.id}
        open={dialog === 'dispute'}
        onOpenChange={(open) => setDialog(open ? 'dispute' : null)}
      />
    </div>
  );
}

function PaymentCard({ order }: { order: Order }) {
  const payment = order.payment;
  return (
    <InfoCard title="Payment">
      {payment ? (
        <>
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
          {order.viewer.is_buyer && (payment.status === 'completed' || payment.status === 'refunded') ? (
            <div className="pt-3">
              <DownloadReceiptButton paymentId={payment.id} />
            </div>
          ) : null}
        </>
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
        <p className="break-words text-slate-700">
          <OrderSubject order={order} />
        </p>
        <OrderSchedule order={order} />
        <OrderActions order={order} />
      </header>

      <OrderTimeline order={order} />

      {order.dispute ? <DisputeSummary dispute={order.dispute} /> : null}

      {order.deliveries.length > 0 || order.viewer.is_team ? (
        <DeliveriesList orderId={order.id} deliveries={order.deliveries} />
      ) : null}

      <InfoCard title="Order">
        <dl className="divide-y divide-slate-100">
          <Detail label="Order ID">{`#${order.id}`}</Detail>
          <Detail label="Placed">{formatDate(order.created_at)}</Detail>
          <Detail label="Last updated">{formatDate(order.updated_at)}</Detail>
          {order.completed_at ? <Detail label="Completed">{formatDate(order.completed_at)}</Detail> : null}
          <Detail label="Total">{formatMoney(order.total_amount)}</Detail>
          <Detail label="Revisions">
            {`${order.revisions_used} of ${DELIVERY_TEXTS.revisionsLabel(order.revisions_included)} used`}
          </Detail>
          {order.viewer.is_buyer ? null : <Detail label="Buyer">{order.buyer.username}</Detail>}
        </dl>
      </InfoCard>

      {order.viewer.is_buyer ? (
        <>
          <OrderPackageCard servicePackage={order.service_package} fromOffer={isOfferOrder(order)} />
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

      <OrderHistory events={order.events} />
    </div>
  );
}

/**
 * An order with its lifecycle (delivery, revisions, acceptance, disputes), to its buyer, its team and
 * general admins; it follows the other side's changes live.
 */
export function OrderDetailsPage() {
  useLiveOrders();
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
