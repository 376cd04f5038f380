import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../../app/route-guards';

/** Part 2 §2: paying and following orders need a sign-in; each page loads with its route. */
export const orderRoutes: RouteObject[] = [
  {
    element: <ProtectedRoute />,
    children: [
      {
        path: 'payment/:packageId',
        lazy: async () => {
          const { PaymentPage } = await import('./payment-page');
          return { Component: PaymentPage };
        },
      },
      {
        path: 'order-confirmation/:orderId',
        lazy: async () => {
          const { OrderConfirmationPage } = await import('./order-confirmation-page');
          return { Component: OrderConfirmationPage };
        },
      },
      {
        path: 'orders',
        lazy: async () => {
          const { OrdersPage } = await import('./orders-page');
          return { Component: OrdersPage };
        },
      },
      {
        path: 'orders/:orderId',
        lazy: async () => {
          const { OrderDetailsPage } = await import('./order-details-page');
          return { Component: OrderDetailsPage };
        },
      },
    ],
  },
];
