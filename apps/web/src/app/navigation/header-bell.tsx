import { NotificationBell } from '../../features/chat/components/notification-bell';
import {
  BellNotifications,
  useUnreadNotificationCount,
} from '../../features/notifications/components/bell-notifications';

/** The header's bell: the notifications and the unread messages, counted in one badge. */
export function HeaderBell({ myName }: { myName: string | null }) {
  const unreadNotifications = useUnreadNotificationCount();
  return (
    <NotificationBell
      myName={myName}
      otherSection={<BellNotifications />}
      otherUnread={unreadNotifications}
    />
  );
}
