import { DELIVERY_TEXTS, type Order } from '@teamhire/shared';
import { CalendarClock, Timer } from 'lucide-react';
import { formatDate, formatDateTime } from '../../../lib/format';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Due in N days" until the due time, "Late by N days" after it; a part of a day counts as a day. */
export function dueText(dueAt: string, now: Date = new Date()): string {
  const left = new Date(dueAt).getTime() - now.getTime();
  if (left >= 0) return DELIVERY_TEXTS.dueIn(Math.ceil(left / DAY_MS));
  return DELIVERY_TEXTS.lateBy(Math.ceil(-left / DAY_MS));
}

/** The countdown matters only while the team still owes the work. */
const COUNTING_STATUSES: ReadonlySet<Order['status']> = new Set(['confirmed', 'in_progress']);

/** The due date with how long is left (or how late it is), and when a delivery completes by itself. */
export function OrderSchedule({
  order,
  now = new Date(),
}: {
  order: Pick<Order, 'status' | 'due_at' | 'auto_complete_at' | 'viewer'>;
  now?: Date;
}) {
  if (!order.due_at && !order.auto_complete_at) return null;
  const counting = order.due_at !== null && COUNTING_STATUSES.has(order.status);
  const late = counting && order.due_at !== null && new Date(order.due_at).getTime() < now.getTime();
  return (
    <div className="flex flex-col gap-2">
      {order.due_at ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <CalendarClock aria-hidden="true" className="size-4" />
          <span>
            Due <time dateTime={order.due_at}>{formatDate(order.due_at)}</time>
          </span>
          {counting ? (
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${late ? 'bg-red-50 text-red-800' : 'bg-slate-100 text-slate-800'}`}
            >
              {dueText(order.due_at, now)}
            </span>
          ) : null}
        </p>
      ) : null}
      {order.auto_complete_at && order.status === 'delivered' ? (
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-900"
        >
          <Timer aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {order.viewer.is_buyer
              ? `This order will be completed automatically on ${formatDateTime(order.auto_complete_at)} unless you accept the delivery, request a revision or open a dispute first.`
              : `This order will be completed automatically on ${formatDateTime(order.auto_complete_at)} if the buyer does not respond.`}
          </span>
        </p>
      ) : null}
    </div>
  );
}
