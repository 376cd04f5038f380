import type { OrderListQuery } from '@teamhire/shared';

/** Every order query starts with 'orders', so a purchase or a status change can refresh them all at once. */
export const orderQueryKeys = {
  all: ['orders'] as const,
  list: (query: Pick<OrderListQuery, 'scope' | 'status'>) => ['orders', 'list', query] as const,
  detail: (orderId: number) => ['orders', 'detail', orderId] as const,
  packageReviews: (packageId: number) => ['orders', 'reviews', 'package', packageId] as const,
  teamReviews: (teamId: number) => ['orders', 'reviews', 'team', teamId] as const,
};

/** The orders list is cached for 5 minutes; every change of an order invalidates it. */
export const ORDERS_STALE_TIME_MS = 5 * 60_000;
/** A status change shows at once for the one who made it; the other side sees it within 30 s. */
export const ORDER_DETAIL_STALE_TIME_MS = 30_000;
export const REVIEWS_STALE_TIME_MS = 60_000;
