import { NOTIFICATION_TEXTS } from '@teamhire/shared';
import { Bell, CheckCheck, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { LoadingStatus } from '../../components/ui/loading-status';
import { PageShell } from '../../components/ui/page-shell';
import { useToast } from '../../components/ui/toast-context';
import { useNotificationPages } from './api/get-notifications';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read';
import { useMarkNotificationRead } from './api/mark-notification-read';
import type { NotificationFilter } from './api/notification-query-keys';
import { NotificationLine } from './components/notification-line';

const FILTERS: { value: NotificationFilter; label: string }[] = [
  { value: 'all', label: NOTIFICATION_TEXTS.filterAll },
  { value: 'unread', label: NOTIFICATION_TEXTS.filterUnread },
];

/**
 * The notification centre: every notification, newest first, a page at a time. Opening one marks it
 * read; new ones arrive live through the header bell's socket, which refreshes these lists.
 */
export function NotificationsPage() {
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const notifications = useNotificationPages(filter);
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const { showToast } = useToast();
  const items = notifications.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = notifications.data?.pages[0]?.unread_count ?? 0;

  return (
    <PageShell title={NOTIFICATION_TEXTS.pageTitle}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          role="group"
          aria-label="Show"
          className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5"
        >
          {FILTERS.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={filter === option.value}
              onClick={() => setFilter(option.value)}
              className={`rounded-md px-3 py-1.5 text-sm font-semibold ${
                filter === option.value ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100'
              }`}
            >
              {option.label}
            </button>
          ))}
        </div>
        {unread > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={markAllRead.isPending}
            onClick={() =>
              markAllRead.mutate(undefined, {
                onError: () => showToast({ title: NOTIFICATION_TEXTS.markAllReadFailed, variant: 'error' }),
              })
            }
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            {NOTIFICATION_TEXTS.markAllRead}
          </Button>
        ) : null}
      </div>

      <div className="mt-5">
        {notifications.isPending ? <LoadingStatus text="Loading notifications..." /> : null}
        {notifications.isError && items.length === 0 ? (
          <ErrorWithRetry
            message={notifications.error.message || NOTIFICATION_TEXTS.loadFailed}
            onRetry={() => void notifications.refetch()}
          />
        ) : null}
        {notifications.isSuccess && items.length === 0 ? (
          <EmptyState
            icon={Bell}
            titleAs="h2"
            title={filter === 'unread' ? NOTIFICATION_TEXTS.emptyUnread : NOTIFICATION_TEXTS.empty}
            text={NOTIFICATION_TEXTS.emptyHint}
          />
        ) : null}
        {items.length > 0 ? (
          <div className="flex flex-col gap-4">
            <ul
              aria-label={NOTIFICATION_TEXTS.pageTitle}
              className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm"
            >
              {items.map((notification) => (
                <li key={notification.id}>
                  <Link
                    to={notification.link}
                    onClick={() => {
                      if (notification.read_at === null) markRead.mutate(notification.id);
                    }}
                    className={`flex px-5 py-4 hover:bg-slate-50 ${
                      notification.read_at === null ? 'bg-indigo-50/60' : ''
                    }`}
                  >
                    <NotificationLine notification={notification} />
                  </Link>
                </li>
              ))}
            </ul>
            {notifications.isFetchNextPageError ? (
              <Alert variant="error">{notifications.error?.message ?? NOTIFICATION_TEXTS.loadFailed}</Alert>
            ) : null}
            {notifications.hasNextPage ? (
              <div className="flex justify-center">
                <Button
                  variant="secondary"
                  onClick={() => void notifications.fetchNextPage()}
                  disabled={notifications.isFetchingNextPage}
                >
                  {notifications.isFetchingNextPage ? (
                    <LoaderCircle
                      aria-hidden="true"
                      className="size-4 animate-spin motion-reduce:animate-none"
                    />
                  ) : null}
                  {NOTIFICATION_TEXTS.loadMore}
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </PageShell>
  );
}
