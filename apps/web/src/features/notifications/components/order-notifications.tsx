import { NOTIFICATION_TEXTS, type Notification } from '@teamhire/shared';
import { CheckCheck, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { DropdownMenuItem, DropdownMenuLabel } from '../../../components/ui/dropdown-menu';
import { useToast } from '../../../components/ui/toast-context';
import { formatRelativeTime } from '../../../lib/format';
import { useBellNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useLiveNotifications } from '../use-live-notifications';

/** The unread order notifications, for the bell's badge; keeps the list live while the header is shown. */
export function useUnreadNotificationCount(): number {
  useLiveNotifications();
  return useBellNotifications().data?.unread_count ?? 0;
}

function NotificationLine({ notification }: { notification: Notification }) {
  const unread = notification.read_at === null;
  return (
    <span className="flex w-full items-start gap-2">
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-indigo-600' : 'bg-transparent'}`}
      />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className={`text-sm ${unread ? 'font-medium text-slate-900' : 'text-slate-700'}`}>
          {notification.text}
          {unread ? <span className="sr-only"> (unread)</span> : null}
        </span>
        <time className="text-xs text-slate-600" dateTime={notification.created_at}>
          {formatRelativeTime(notification.created_at)}
        </time>
      </span>
    </span>
  );
}

/**
 * The bell's order section, rendered inside its menu: the newest notifications, each opening its
 * order and marked read as it is opened, and "Mark all as read".
 */
export function OrderNotifications() {
  const notifications = useBellNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const { showToast } = useToast();
  const items = notifications.data?.items ?? [];
  const unread = notifications.data?.unread_count ?? 0;

  return (
    <>
      <DropdownMenuLabel className="text-sm font-semibold text-slate-900">Orders</DropdownMenuLabel>
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
            to={`/orders/${notification.order_id}`}
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
    </>
  );
}
