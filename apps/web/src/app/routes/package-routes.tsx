import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../route-guards';

/**
 * The package detail is public so a visitor can decide before signing up; the other package screens need a
 * sign-in.
 */
export const packageRoutes: RouteObject[] = [
  {
    path: 'service-package/:packageId',
    lazy: async () => {
      const { PackageDetailPage } = await import('../../features/packages/package-detail-page');
      return { Component: PackageDetailPage };
    },
  },
  {
    element: <ProtectedRoute />,
    children: [
      {
        path: 'services',
        lazy: async () => {
          const { ServicesPage } = await import('../../features/packages/services-page');
          return { Component: ServicesPage };
        },
      },
      {
        path: 'services/browse',
        lazy: async () => {
          const { BrowsePackagesPage } = await import('../../features/packages/browse-packages-page');
          return { Component: BrowsePackagesPage };
        },
      },
      {
        path: 'services/create',
        lazy: async () => {
          const { CreatePackagePage } = await import('../../features/packages/create-package-page');
          return { Component: CreatePackagePage };
        },
      },
      {
        path: 'services/manage-packages',
        lazy: async () => {
          const { ManagePackagesPage } = await import('../../features/packages/manage-packages-page');
          return { Component: ManagePackagesPage };
        },
      },
      {
        path: 'services/edit/:id',
        lazy: async () => {
          const { EditPackagePage } = await import('../../features/packages/edit-package-page');
          return { Component: EditPackagePage };
        },
      },
    ],
  },
];
