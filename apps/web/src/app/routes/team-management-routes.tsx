import type { RouteObject } from 'react-router';
import { ProtectedRoute, RoleRoute } from '../route-guards';

/**
 * The team-management and role-verification pages (all about the signed-in user, so login-protected; the admin review
 * also needs the GENERAL_ADMIN role), and the general admin's disputes, each loaded with its route.
 */
const protectedRoutes: RouteObject[] = [
  {
    path: 'verification',
    lazy: async () => {
      const { VerificationCentrePage } = await import('../../features/verification/verification-centre-page');
      return { Component: VerificationCentrePage };
    },
  },
  {
    element: <RoleRoute roles={['GENERAL_ADMIN']} />,
    children: [
      {
        path: 'admin/verifications',
        lazy: async () => {
          const { AdminVerificationsPage } =
            await import('../../features/verification/admin-verifications-page');
          return { Component: AdminVerificationsPage };
        },
      },
      {
        path: 'admin/disputes',
        lazy: async () => {
          const { AdminDisputesPage } = await import('../../features/disputes/admin-disputes-page');
          return { Component: AdminDisputesPage };
        },
      },
      {
        path: 'admin/disputes/:disputeId',
        lazy: async () => {
          const { DisputeDetailPage } = await import('../../features/disputes/dispute-detail-page');
          return { Component: DisputeDetailPage };
        },
      },
      {
        path: 'admin/disputes/:disputeId/conversation',
        lazy: async () => {
          const { DisputeConversationPage } =
            await import('../../features/disputes/dispute-conversation-page');
          return { Component: DisputeConversationPage };
        },
      },
    ],
  },
  {
    path: 'teams/create',
    lazy: async () => {
      const { CreateTeamPage } = await import('../../features/teams/create-team-page');
      return { Component: CreateTeamPage };
    },
  },
  {
    path: 'teams/manage',
    lazy: async () => {
      const { TeamManagementPage } = await import('../../features/teams/team-management-page');
      return { element: <TeamManagementPage path="manage" /> };
    },
  },
  {
    path: 'teams/my-teams',
    lazy: async () => {
      const { TeamManagementPage } = await import('../../features/teams/team-management-page');
      return { element: <TeamManagementPage path="my-teams" /> };
    },
  },
];

export const teamManagementRoutes: RouteObject[] = [
  { element: <ProtectedRoute />, children: protectedRoutes },
];
