import type { Notification } from '@teamhire/shared';
import { formatRelativeTime } from '../../../lib/format';

/** One notification: an unread dot, its text and how long ago. */
export function NotificationLine({ notification }: { notification: Notification }) {
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
