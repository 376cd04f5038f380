import { ORDER_STATUS_LABELS, type OrderStatus } from '@teamhire/shared';

/** Part 2 §4: confirmed green, in progress amber, completed dark green, cancelled red, refunded purple. */
export const ORDER_STATUS_CLASS_NAMES: Record<OrderStatus, string> = {
  pending: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  confirmed: 'bg-green-50 text-green-700 ring-green-600/20',
  in_progress: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  completed: 'bg-green-800 text-white ring-green-900/20',
  cancelled: 'bg-red-50 text-red-700 ring-red-600/20',
  refunded: 'bg-purple-50 text-purple-700 ring-purple-600/20',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${ORDER_STATUS_CLASS_NAMES[status]}`}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
