import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../route-guards';

/**
 * Paying and following orders belong to an account, so they need a sign-in; each page loads with its route.
 */
export const orderRoutes: RouteObject[] = [
  {
    element: <ProtectedRoute />,
    children: [
      {
        path: 'payment/:packageId',
        lazy: async () => {
          const { PaymentPage } = await import('../../features/orders/payment-page');
          return { Component: PaymentPage };
        },
      },
      {
        path: 'payment/offer/:offerId',
        lazy: async () => {
          const { OfferPaymentPage } = await import('../../features/orders/offer-payment-page');
          return { Component: OfferPaymentPage };
        },
      },
      {
        path: 'order-confirmation/:orderId',
        lazy: async () => {
          const { OrderConfirmationPage } = await import('../../features/orders/order-confirmation-page');
          return { Component: OrderConfirmationPage };
        },
      },
      {
        path: 'orders',
        lazy: async () => {
          const { OrdersPage } = await import('../../features/orders/orders-page');
          return { Component: OrdersPage };
        },
      },
      {
        path: 'orders/:orderId',
        lazy: async () => {
          const { OrderDetailsPage } = await import('../../features/orders/order-details-page');
          return { Component: OrderDetailsPage };
        },
      },
    ],
  },
];
