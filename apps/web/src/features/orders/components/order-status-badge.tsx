import { ORDER_STATUS_LABELS, type OrderStatus } from '@teamhire/shared';
import { StatusBadge, type StatusBadges } from '../../../components/ui/status-badge';

/**
 * Confirmed green, in progress amber, delivered blue, completed dark green, disputed orange,
 * cancelled red, refunded purple.
 */
const ORDER_STATUS_BADGES: StatusBadges<OrderStatus> = {
  pending: { label: ORDER_STATUS_LABELS.pending, tone: 'neutral' },
  confirmed: { label: ORDER_STATUS_LABELS.confirmed, tone: 'success' },
  in_progress: { label: ORDER_STATUS_LABELS.in_progress, tone: 'warning' },
  delivered: { label: ORDER_STATUS_LABELS.delivered, tone: 'info' },
  completed: { label: ORDER_STATUS_LABELS.completed, tone: 'done' },
  disputed: { label: ORDER_STATUS_LABELS.disputed, tone: 'alert' },
  cancelled: { label: ORDER_STATUS_LABELS.cancelled, tone: 'danger' },
  refunded: { label: ORDER_STATUS_LABELS.refunded, tone: 'special' },
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <StatusBadge status={status} badges={ORDER_STATUS_BADGES} />;
}
