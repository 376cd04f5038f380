import type { RouteObject } from 'react-router';
import { ProtectedRoute, RoleRoute } from '../route-guards';

/**
 * Earnings belong to those who work in teams (sellers and team admins); the marketplace's finance
 * summary to general admins. Each page loads with its route.
 */
export const moneyRoutes: RouteObject[] = [
  {
    element: <ProtectedRoute />,
    children: [
      {
        element: <RoleRoute roles={['SELLER', 'TEAM_ADMIN']} />,
        children: [
          {
            path: 'earnings',
            lazy: async () => {
              const { EarningsPage } = await import('../../features/earnings/earnings-page');
              return { Component: EarningsPage };
            },
          },
        ],
      },
      {
        element: <RoleRoute roles={['GENERAL_ADMIN']} />,
        children: [
          {
            path: 'admin/finance',
            lazy: async () => {
              const { AdminFinancePage } = await import('../../features/finance/admin-finance-page');
              return { Component: AdminFinancePage };
            },
          },
        ],
      },
    ],
  },
];
