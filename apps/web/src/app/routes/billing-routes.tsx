import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../route-guards';

/** Saved payment methods and payment history are private, so only the signed-in user reaches them. */
export const billingRoutes: RouteObject[] = [
  {
    element: <ProtectedRoute />,
    children: [
      {
        path: 'billing-payments',
        lazy: async () => {
          const { BillingPaymentsPage } = await import('../../features/billing/billing-payments-page');
          return { Component: BillingPaymentsPage };
        },
      },
    ],
  },
];
