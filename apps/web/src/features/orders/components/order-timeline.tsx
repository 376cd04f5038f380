import { ORDER_STATUS_LABELS, ORDER_TIMELINE_STEPS, type Order } from '@teamhire/shared';
import { Check, CircleX } from 'lucide-react';

/** How many of the four steps an order has reached; a stopped order keeps the steps it had passed. */
function reachedSteps(order: Pick<Order, 'status' | 'payment'>): number {
  switch (order.status) {
    case 'pending':
      return 1;
    case 'confirmed':
      return 2;
    // Delivered work waits for the buyer, and a dispute for an admin: neither is completed yet.
    case 'in_progress':
    case 'delivered':
    case 'disputed':
      return 3;
    case 'completed':
      return 4;
    case 'cancelled':
    case 'refunded':
      return order.payment?.status === 'failed' ? 1 : 2;
  }
}

/** Part 2 §2: Order Placed, Payment Confirmed, Work in Progress, Project Completed. */
export function OrderTimeline({ order }: { order: Pick<Order, 'status' | 'payment'> }) {
  const reached = reachedSteps(order);
  const stopped = order.status === 'cancelled' || order.status === 'refunded';
  return (
    <section
      aria-labelledby="order-timeline-title"
      className="rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="order-timeline-title" className="text-lg font-semibold text-slate-900">
        Order Progress
      </h2>
      <ol className="mt-4 flex flex-col gap-3 sm:flex-row sm:gap-2">
        {ORDER_TIMELINE_STEPS.map((step, index) => {
          const done = index < reached;
          return (
            <li
              key={step}
              aria-current={done && index === reached - 1 && !stopped ? 'step' : undefined}
              className="flex flex-1 items-center gap-2 text-sm"
            >
              <span
                aria-hidden="true"
                className={`flex size-7 shrink-0 items-center justify-center rounded-full ${done ? 'bg-green-600 text-white' : 'bg-slate-200 text-slate-500'}`}
              >
                {done ? <Check className="size-4" /> : index + 1}
              </span>
              <span className={done ? 'font-semibold text-slate-900' : 'text-slate-500'}>
                {step}
                <span className="sr-only">{done ? ' (done)' : ' (not reached)'}</span>
              </span>
            </li>
          );
        })}
      </ol>
      {stopped ? (
        <p
          className={`mt-4 flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold ${order.status === 'cancelled' ? 'bg-red-50 text-red-800' : 'bg-purple-50 text-purple-800'}`}
        >
          <CircleX aria-hidden="true" className="size-4" />
          {`This order was ${ORDER_STATUS_LABELS[order.status].toLowerCase()}.`}
        </p>
      ) : null}
    </section>
  );
}
