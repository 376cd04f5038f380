import { Navigate, useParams, type RouteObject } from 'react-router';
import { ProtectedRoute } from '../route-guards';

/**
 * The older `/teams/{teamId}/chats` path leads to the one team chat dashboard, so both links keep working.
 */
function TeamChatsRedirect() {
  const { teamId } = useParams();
  return <Navigate to={`/team-chat-dashboard/${teamId ?? ''}`} replace />;
}

/**
 * The chat screens; each page's code loads with its route. The team chat and the guest pages are
 * public, since a guest has no account: the server decides who may see a room, and a visitor gets
 * the access-denied view instead of a redirect.
 */
export const chatRoutes: RouteObject[] = [
  {
    path: 'team-chat/:chatRoomId',
    lazy: async () => {
      const [{ TeamChatPage }, { offerChatExtensions }] = await Promise.all([
        import('../../features/chat/team-chat-page'),
        import('../chat/offer-chat-extensions'),
      ]);
      return { Component: () => <TeamChatPage extensions={offerChatExtensions} /> };
    },
  },
  {
    path: 'chat/:chatRoomId',
    lazy: async () => {
      const [{ GuestChatPage }, { offerChatExtensions }] = await Promise.all([
        import('../../features/chat/guest-chat-page'),
        import('../chat/offer-chat-extensions'),
      ]);
      return { Component: () => <GuestChatPage extensions={offerChatExtensions} /> };
    },
  },
  {
    path: 'guest-dashboard',
    lazy: async () => {
      const { GuestDashboardPage } = await import('../../features/chat/guest-dashboard-page');
      return { Component: GuestDashboardPage };
    },
  },
  {
    element: <ProtectedRoute />,
    children: [
      {
        path: 'messages',
        lazy: async () => {
          const { MessagesPage } = await import('../../features/chat/messages-page');
          return { Component: MessagesPage };
        },
      },
      {
        path: 'team-chat-dashboard/:teamId',
        lazy: async () => {
          const { TeamChatDashboardPage } = await import('../../features/chat/team-chat-dashboard-page');
          return { Component: TeamChatDashboardPage };
        },
      },
      { path: 'teams/:teamId/chats', element: <TeamChatsRedirect /> },
    ],
  },
];
