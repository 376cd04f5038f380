import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../route-guards';

/**
 * A visitor may look for teams, so the category page, /teams and a team's own page are public;
 * /teams/browse (for sellers) needs a sign-in. `teams/:teamId` does not take /teams/browse, /teams/manage
 * and the like: the router prefers a fixed segment to a parameter.
 */
export const teamFinderRoutes: RouteObject[] = [
  {
    path: 'service/:categoryId',
    lazy: async () => {
      const { ServiceCategoryPage } = await import('../../features/team-finder/service-category-page');
      return { Component: ServiceCategoryPage };
    },
  },
  {
    path: 'teams',
    lazy: async () => {
      const { TeamsPage } = await import('../../features/team-finder/teams-page');
      return { Component: TeamsPage };
    },
  },
  {
    path: 'teams/:teamId',
    lazy: async () => {
      const { PublicTeamPage } = await import('../team-page');
      return { Component: PublicTeamPage };
    },
  },
  {
    element: <ProtectedRoute />,
    children: [
      {
        path: 'teams/browse',
        lazy: async () => {
          const { BrowseTeamsPage } = await import('../../features/team-finder/browse-teams-page');
          return { Component: BrowseTeamsPage };
        },
      },
    ],
  },
];
