import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../../app/route-guards';

/** The team chat (part 2 §2), login-protected until guests arrive; its code loads with the route. */
export const chatRoutes: RouteObject[] = [
  {
    element: <ProtectedRoute />,
    children: [
      {
        path: 'team-chat/:chatRoomId',
        lazy: async () => {
          const { TeamChatPage } = await import('./team-chat-page');
          return { Component: TeamChatPage };
        },
      },
    ],
  },
];
