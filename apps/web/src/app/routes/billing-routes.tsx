import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../route-guards';

/** Part 2 §2: saved payment methods and payment history, for the signed-in user only. */
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
