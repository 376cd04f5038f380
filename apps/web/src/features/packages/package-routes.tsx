import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../../app/route-guards';

/** Part 2 §2: the package detail is public; the other package screens need a sign-in. */
export const packageRoutes: RouteObject[] = [
  {
    path: 'service-package/:packageId',
    lazy: async () => {
      const { PackageDetailPage } = await import('./package-detail-page');
      return { Component: PackageDetailPage };
    },
  },
  {
    element: <ProtectedRoute />,
    children: [
      {
        path: 'services',
        lazy: async () => {
          const { ServicesPage } = await import('./services-page');
          return { Component: ServicesPage };
        },
      },
      {
        path: 'services/browse',
        lazy: async () => {
          const { BrowsePackagesPage } = await import('./browse-packages-page');
          return { Component: BrowsePackagesPage };
        },
      },
      {
        path: 'services/create',
        lazy: async () => {
          const { CreatePackagePage } = await import('./create-package-page');
          return { Component: CreatePackagePage };
        },
      },
      {
        path: 'services/manage-packages',
        lazy: async () => {
          const { ManagePackagesPage } = await import('./manage-packages-page');
          return { Component: ManagePackagesPage };
        },
      },
      {
        path: 'services/edit/:id',
        lazy: async () => {
          const { EditPackagePage } = await import('./edit-package-page');
          return { Component: EditPackagePage };
        },
      },
    ],
  },
];
