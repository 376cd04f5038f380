import type { Order } from '@teamhire/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorWithRetry } from '../../../components/ui/error-with-retry';
import { ApiError } from '../../../lib/api-client';
import { OrderNotFound } from './order-not-found';

/**
 * The states every single-order page shares. A stranger's order answers 404 like a missing one
 * (the server does not confirm that it exists), so both read 'Order Not Found'.
 */
export function OrderLoadState({
  order,
  validId,
  children,
}: {
  order: UseQueryResult<Order>;
  validId: boolean;
  children: (order: Order) => ReactNode;
}) {
  if (!validId || (order.error instanceof ApiError && [403, 404].includes(order.error.status))) {
    return <OrderNotFound />;
  }
  if (order.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
        Loading order...
      </p>
    );
  }
  if (order.isError) {
    return <ErrorWithRetry message={order.error.message} onRetry={() => void order.refetch()} />;
  }
  return children(order.data);
}
