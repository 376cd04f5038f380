import { IDEMPOTENCY_KEY_HEADER, orderSchema, type Order, type OrderCreate } from '@teamhire/shared';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { orderQueryOptions } from '../../../lib/queries/get-order';

/**
 * Deliberately a plain call rather than a TanStack mutation: a mutation keeps its variables (the card
 * number and CVV) in the mutation cache, and they must live nowhere but the request.
 * `idempotencyKey` is the same for every retry of one purchase attempt, so the server charges at most once.
 */
export function createOrder(order: OrderCreate, idempotencyKey: string): Promise<Order> {
  return apiRequest('/api/orders', {
    method: 'POST',
    body: order,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: orderSchema,
  });
}

/**
 * The 201 answer is the whole order, as its details query would read it: the confirmation page shows it
 * from the cache, fresh for the details' stale time, instead of asking the server again.
 */
export function storeCreatedOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueryData(orderQueryOptions(order.id).queryKey, order);
}
