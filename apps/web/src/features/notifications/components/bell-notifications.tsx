import { NOTIFICATION_TEXTS } from '@teamhire/shared';
import { CheckCheck, Inbox, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { DropdownMenuItem, DropdownMenuLabel } from '../../../components/ui/dropdown-menu';
import { useToast } from '../../../components/ui/toast-context';
import { useBellNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useLiveNotifications } from '../use-live-notifications';
import { NotificationLine } from './notification-line';

/** The unread notifications, for the bell's badge; keeps the lists live while the header is shown. */
export function useUnreadNotificationCount(): number {
  useLiveNotifications();
  return useBellNotifications().data?.unread_count ?? 0;
}

/**
 * The bell's notification section, rendered inside its menu: the newest notifications (orders,
 * applications, verifications), each opening where it is handled and marked read as it is opened,
 * "Mark all as read" and the way to the notification centre.
 */
export function BellNotifications() {
  const notifications = useBellNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const { showToast } = useToast();
  const items = notifications.data?.items ?? [];
  const unread = notifications.data?.unread_count ?? 0;

  return (
    <>
      <DropdownMenuLabel className="text-sm font-semibold text-slate-900">
        {NOTIFICATION_TEXTS.pageTitle}
      </DropdownMenuLabel>
      {notifications.isPending ? <p className="px-3 py-2 text-sm text-slate-600">Loading…</p> : null}
      {notifications.isError ? (
        <>
          <p role="alert" className="px-3 py-2 text-sm text-red-700">
            {NOTIFICATION_TEXTS.loadFailed}
          </p>
          <DropdownMenuItem
            onSelect={(event) => {
              event.preventDefault();
              void notifications.refetch();
            }}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Retry notifications
          </DropdownMenuItem>
        </>
      ) : null}
      {notifications.data && items.length === 0 ? (
        <p className="px-3 py-2 text-sm text-slate-600">{NOTIFICATION_TEXTS.empty}</p>
      ) : null}
      {items.map((notification) => (
        <DropdownMenuItem key={notification.id} asChild>
          <Link
            to={notification.link}
            onClick={() => {
              if (notification.read_at === null) markRead.mutate(notification.id);
            }}
          >
            <NotificationLine notification={notification} />
          </Link>
        </DropdownMenuItem>
      ))}
      {unread > 0 ? (
        <DropdownMenuItem
          className="justify-center text-indigo-800"
          disabled={markAllRead.isPending}
          onSelect={(event) => {
            // Stay open: the list shows the change.
            event.preventDefault();
            markAllRead.mutate(undefined, {
              onError: () => showToast({ title: NOTIFICATION_TEXTS.markAllReadFailed, variant: 'error' }),
            });
          }}
        >
          <CheckCheck aria-hidden="true" className="size-4" />
          {NOTIFICATION_TEXTS.markAllRead}
        </DropdownMenuItem>
      ) : null}
      <DropdownMenuItem asChild className="justify-center text-indigo-800">
        <Link to="/notifications">
          <Inbox aria-hidden="true" className="size-4" />
          {NOTIFICATION_TEXTS.viewAll}
        </Link>
      </DropdownMenuItem>
    </>
  );
}
