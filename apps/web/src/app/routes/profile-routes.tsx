import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../route-guards';

/**
 * Both pages are about the signed-in user, so they need a sign-in; each loads with its route, never with the
 * app shell.
 */
export const profileRoutes: RouteObject[] = [
  {
    element: <ProtectedRoute />,
    children: [
      {
        path: 'profile',
        lazy: async () => {
          const { ProfilePage } = await import('../../features/profile/profile-page');
          return { Component: ProfilePage };
        },
      },
      {
        path: 'users/:id',
        lazy: async () => {
          const { PublicProfilePage } = await import('../../features/profile/public-profile-page');
          return { Component: PublicProfilePage };
        },
      },
    ],
  },
];
