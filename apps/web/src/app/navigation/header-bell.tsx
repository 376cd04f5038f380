import { NotificationBell } from '../../features/chat/components/notification-bell';
import {
  OrderNotifications,
  useUnreadNotificationCount,
} from '../../features/notifications/components/order-notifications';

/** The header's bell: the order notifications and the unread messages, counted in one badge. */
export function HeaderBell({ myName }: { myName: string | null }) {
  const unreadNotifications = useUnreadNotificationCount();
  return (
    <NotificationBell
      myName={myName}
      otherSection={<OrderNotifications />}
      otherUnread={unreadNotifications}
    />
  );
}
