import type { OrderEvent, OrderEventType } from '@teamhire/shared';
import { formatDateTime } from '../../lib/format';

export const ORDER_EVENT_LABELS: Record<OrderEventType, string> = {
  placed: 'Order placed',
  payment_failed: 'Payment failed',
  confirmed: 'Payment confirmed',
  work_started: 'Work started',
  delivered: 'Work delivered',
  revision_requested: 'Revision requested',
  accepted: 'Delivery accepted',
  auto_completed: 'Completed automatically',
  cancelled: 'Order cancelled',
  expired: 'Order expired',
  refunded: 'Order refunded',
  dispute_opened: 'Dispute opened',
  dispute_resolved: 'Dispute resolved',
  due_reminder: 'Due date reminder',
};

/** Every step of the order, oldest first: what happened, who did it (or the system) and when. */
export function OrderHistory({ events }: { events: readonly OrderEvent[] }) {
  return (
    <section
      aria-labelledby="order-history-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="order-history-title" className="text-lg font-semibold text-slate-900">
        Order History
      </h2>
      {events.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">Nothing has happened on this order yet.</p>
      ) : (
        <ol aria-label="Order events" className="mt-4 flex flex-col gap-4 border-l-2 border-slate-200 pl-4">
          {events.map((event, index) => (
            <li key={`${event.created_at}-${index}`} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-indigo-600"
              />
              <p className="text-sm font-semibold text-slate-900">{ORDER_EVENT_LABELS[event.type]}</p>
              <p className="text-xs text-slate-600">
                {event.actor ? `${event.actor.username} · ` : 'System · '}
                <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
              </p>
              {event.message ? (
                <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{event.message}</p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
