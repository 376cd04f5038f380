import { SERVICE_PAGES } from '@teamhire/shared';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { PageLoading } from './page-loading';
import { RootErrorView, RouteErrorView } from './route-error-view';

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
              const { LandingPage } = await import('../features/landing/landing-page');
              return { Component: LandingPage };
            },
          },
          ...servicePageRoutes,
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
