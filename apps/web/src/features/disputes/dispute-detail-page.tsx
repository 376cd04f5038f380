import { DELIVERY_TEXTS, ORDER_STATUSES, ORDER_STATUS_LABELS, type Dispute } from '@teamhire/shared';
import { ExternalLink, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { DeliveriesList } from '../../components/orders/deliveries-list';
import { DisputeSummary } from '../../components/orders/dispute-summary';
import { OrderHistory } from '../../components/orders/order-history';
import { buttonClassName } from '../../components/ui/button';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { LoadingStatus } from '../../components/ui/loading-status';
import { formatMoney } from '../../lib/format';
import { useOrder } from '../../lib/queries/get-order';
import { DisputePage } from './components/dispute-page';
import { ResolveDisputeForm } from './components/resolve-dispute-form';

export const ORDER_LOAD_FAILED = 'Failed to load the order of this dispute. Please try again.';

function OrderOfDispute({ dispute }: { dispute: Dispute }) {
  const order = useOrder(dispute.order_id);
  // The list's summary carries the status as a plain string; an unknown one is shown as it is.
  const status = ORDER_STATUSES.find((known) => known === dispute.order.status);
  return (
    <>
      <section
        aria-labelledby="dispute-order-title"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="dispute-order-title" className="text-lg font-semibold text-slate-900">
            {`Order #${dispute.order_id}`}
          </h2>
          <div className="flex flex-wrap gap-2">
            <Link
              to={`/admin/disputes/${dispute.id}/conversation`}
              className={buttonClassName('secondary', 'sm')}
            >
              <MessagesSquare aria-hidden="true" className="size-4" />
              View conversation
            </Link>
            <Link to={`/orders/${dispute.order_id}`} className={buttonClassName('secondary', 'sm')}>
              <ExternalLink aria-hidden="true" className="size-4" />
              Open Order
            </Link>
          </div>
        </div>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">Package</dt>
            <dd className="font-medium text-slate-900">{dispute.order.service_package_title}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Status</dt>
            <dd className="font-medium text-slate-900">
              {status ? ORDER_STATUS_LABELS[status] : dispute.order.status}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Buyer</dt>
            <dd className="font-medium text-slate-900">{dispute.order.buyer.username}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Team</dt>
            <dd className="font-medium text-slate-900">{dispute.order.team.name}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Total</dt>
            <dd className="font-medium text-slate-900">{formatMoney(dispute.order.total_amount)}</dd>
          </div>
          {order.data ? (
            <div>
              <dt className="text-slate-600">Revisions</dt>
              <dd className="font-medium text-slate-900">
                {`${order.data.revisions_used} of ${DELIVERY_TEXTS.revisionsLabel(order.data.revisions_included)} used`}
              </dd>
            </div>
          ) : null}
        </dl>
      </section>
      {order.isPending ? <LoadingStatus text="Loading the order..." /> : null}
      {order.isError ? (
        <ErrorWithRetry message={ORDER_LOAD_FAILED} onRetry={() => void order.refetch()} />
      ) : null}
      {order.data ? (
        <>
          <DeliveriesList orderId={order.data.id} deliveries={order.data.deliveries} />
          <OrderHistory events={order.data.events} />
        </>
      ) : null}
    </>
  );
}

/** A general admin reads a dispute with its order's deliveries and history, and decides it. */
export function DisputeDetailPage() {
  return (
    <DisputePage title="Dispute" back={() => ({ to: '/admin/disputes', label: 'Back to Disputes' })}>
      {(dispute) => (
        <div className="flex flex-col gap-6">
          <DisputeSummary dispute={dispute} />
          {dispute.status === 'open' ? <ResolveDisputeForm dispute={dispute} /> : null}
          <OrderOfDispute dispute={dispute} />
        </div>
      )}
    </DisputePage>
  );
}
