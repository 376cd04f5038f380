import { SERVICE_PAGES } from '@teamhire/shared';
import { createBrowserRouter, Navigate, type DataRouter, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { PageLoading } from './page-loading';
import { RootErrorView, RouteErrorView } from './route-error-view';
import { GuestOnlyRoute, ProtectedRoute } from './route-guards';
import { teamFinderRoutes } from './routes/team-finder-routes';
import { teamManagementRoutes } from './routes/team-management-routes';
import { profileRoutes } from './routes/profile-routes';
import { chatRoutes } from './routes/chat-routes';
import { packageRoutes } from './routes/package-routes';
import { orderRoutes } from './routes/order-routes';
import { billingRoutes } from './routes/billing-routes';
import { moneyRoutes } from './routes/money-routes';

const servicePageRoutes: RouteObject[] = SERVICE_PAGES.map((definition) => ({
  path: definition.path,
  lazy: async () => {
    const { ServicePage } = await import('../features/service-pages/service-page');
    return { element: <ServicePage key={definition.service} definition={definition} /> };
  },
}));

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RootErrorView />,
    HydrateFallback: PageLoading,
    children: [
      {
        // Page errors render inside the layout so the navigation stays usable.
        errorElement: <RouteErrorView />,
        children: [
          {
            index: true,
            lazy: async () => {
              const { LandingPage } = await import('./landing-page');
              return { Component: LandingPage };
            },
          },
          ...servicePageRoutes,
          ...teamFinderRoutes,
          ...teamManagementRoutes,
          ...profileRoutes,
          ...chatRoutes,
          ...packageRoutes,
          ...orderRoutes,
          ...billingRoutes,
          ...moneyRoutes,
          {
            element: <GuestOnlyRoute />,
            children: [
              {
                path: 'login',
                lazy: async () => {
                  const { LoginPage } = await import('../features/accounts/login-page');
                  return { Component: LoginPage };
                },
              },
              {
                path: 'register',
                lazy: async () => {
                  const { RegisterPage } = await import('../features/accounts/register-page');
                  return { Component: RegisterPage };
                },
              },
            ],
          },
          {
            path: 'reset-password',
            lazy: async () => {
              const { ResetPasswordPage } = await import('../features/accounts/reset-password-page');
              return { Component: ResetPasswordPage };
            },
          },
          {
            path: 'verify-email',
            lazy: async () => {
              const { VerifyEmailPage } = await import('../features/accounts/verify-email-page');
              return { Component: VerifyEmailPage };
            },
          },
          {
            // More routes need a sign-in; each joins this group when its screen exists.
            element: <ProtectedRoute />,
            children: [
              {
                path: 'dashboard',
                lazy: async () => {
                  const { DashboardPage } = await import('./dashboard/dashboard-page');
                  return { Component: DashboardPage };
                },
              },
              {
                path: 'profile/edit',
                lazy: async () => {
                  const { EditProfilePage } = await import('../features/accounts/edit-profile-page');
                  return { Component: EditProfilePage };
                },
              },
              {
                path: 'profile/change-password',
                lazy: async () => {
                  const { ChangePasswordPage } = await import('../features/accounts/change-password-page');
                  return { Component: ChangePasswordPage };
                },
              },
              {
                path: 'notifications',
                lazy: async () => {
                  const { NotificationsPage } = await import('../features/notifications/notifications-page');
                  return { Component: NotificationsPage };
                },
              },
              {
                path: 'activity',
                lazy: async () => {
                  const { ActivityPage } = await import('../features/activity/activity-page');
                  return { Component: ActivityPage };
                },
              },
            ],
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter(): DataRouter {
  return createBrowserRouter(routes);
}

/** Resolves once the router has loaded the code of the first page (its lazy route modules). */
export function whenRouterReady(router: Pick<DataRouter, 'state' | 'subscribe'>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
