import { ORDER_TEXTS, type Order } from '@teamhire/shared';
import { Bell, CalendarCheck, CircleCheck, MessageSquare, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { PageShell } from '../../components/ui/page-shell';
import { formatDate, formatMoney } from '../../lib/format';
import { useContactTeam } from '../../lib/contact-team';
import { useOrder } from '../../lib/queries/get-order';
import { Detail, InfoCard, OrderPackageCard, OrderTeamCard } from './components/info-card';
import { OrderLoadState } from './components/order-load-state';
import { isOfferOrder, paymentPathOf } from './components/order-subject';
import { OrderStatusBadge } from './components/order-status-badge';

const NEXT_STEPS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <Bell aria-hidden="true" className="size-5" />,
    title: 'Team notification',
    text: 'The team has been told about your order and will review your requirements.',
  },
  {
    icon: <CalendarCheck aria-hidden="true" className="size-5" />,
    title: 'Project kickoff',
    text: 'The team will reach out in the chat to agree the details and start the work.',
  },
  {
    icon: <TrendingUp aria-hidden="true" className="size-5" />,
    title: 'Progress updates',
    text: 'Follow the progress on the order page; you will see when work starts and when it is completed.',
  },
];

export const PAYMENT_NOT_COMPLETED_MESSAGE = 'The payment for this order did not go through.';

/**
 * A declined attempt (a pending order with a failed payment) has nothing to confirm: say so and offer to pay
 * again.
 */
function NotPaid({ order }: { order: Order }) {
  return (
    <div className="flex flex-col gap-4">
      <Alert variant="error">{PAYMENT_NOT_COMPLETED_MESSAGE}</Alert>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Link to="/dashboard" className={buttonClassName('secondary')}>
          Back to Dashboard
        </Link>
        <Link to={paymentPathOf(order)} className={buttonClassName('primary')}>
          Try Again
        </Link>
      </div>
    </div>
  );
}

function Confirmation({ order }: { order: Order }) {
  const contactTeam = useContactTeam();
  if (order.status === 'pending') return <NotPaid order={order} />;
  return (
    <div className="flex flex-col gap-6">
      <div className="rounded-2xl border border-green-200 bg-green-50 p-6 text-center">
        <CircleCheck aria-hidden="true" className="mx-auto size-12 text-green-700" />
        <h2 className="mt-3 text-2xl font-bold text-green-900">{ORDER_TEXTS.orderConfirmed}</h2>
        <p className="mt-1 text-green-900">
          {`Thank you for your purchase. ${order.team.name} is ready to start on your project.`}
        </p>
      </div>

      <InfoCard title="Order Information">
        <dl className="divide-y divide-slate-100">
          <Detail label="Order ID">{`#${order.id}`}</Detail>
          <Detail label="Date">{formatDate(order.created_at)}</Detail>
          <Detail label="Total">{formatMoney(order.total_amount)}</Detail>
          <Detail label="Status">
            <OrderStatusBadge status={order.status} />
          </Detail>
        </dl>
      </InfoCard>

      <OrderPackageCard servicePackage={order.service_package} fromOffer={isOfferOrder(order)} />
      <OrderTeamCard team={order.team} showActivity />

      <InfoCard title="What Happens Next">
        <ol className="flex flex-col gap-4">
          {NEXT_STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-700">
                {step.icon}
              </span>
              <div>
                <p className="font-semibold text-slate-900">{`${index + 1}. ${step.title}`}</p>
                <p className="text-sm text-slate-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </InfoCard>

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Link to="/dashboard" className={buttonClassName('secondary')}>
          Back to Dashboard
        </Link>
        <Link to={`/orders/${order.id}`} className={buttonClassName('secondary')}>
          View Order Details
        </Link>
        <Button onClick={() => contactTeam(order.team)}>
          <MessageSquare aria-hidden="true" className="size-4" />
          Start Chat with Team
        </Button>
      </div>
    </div>
  );
}

/** The page after a successful payment, addressed by the order id, since it shows the order. */
export function OrderConfirmationPage() {
  const orderId = Number(useParams().orderId);
  const order = useOrder(orderId);
  return (
    <PageShell title="Order Confirmation">
      <OrderLoadState order={order} validId={Number.isInteger(orderId) && orderId > 0}>
        {(loaded) => <Confirmation order={loaded} />}
      </OrderLoadState>
    </PageShell>
  );
}
