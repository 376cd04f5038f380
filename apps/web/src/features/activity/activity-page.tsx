import type { ActivityEntry } from '@teamhire/shared';
import {
  FileText,
  History,
  KeyRound,
  LoaderCircle,
  Package,
  ShieldCheck,
  ShoppingBag,
  UserRound,
  UsersRound,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../components/ui/alert';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { Button } from '../../components/ui/button';
import { PageShell } from '../../components/ui/page-shell';
import { formatRelativeTime } from '../../lib/format';
import { useActivity } from './api/get-activity';

const iconClassName = 'size-4';

/** The area an action belongs to ('team.updated' → team), shown as an icon next to its description. */
const AREA_ICONS: Record<string, ReactNode> = {
  account: <UserRound className={iconClassName} />,
  profile: <UserRound className={iconClassName} />,
  auth: <KeyRound className={iconClassName} />,
  application: <FileText className={iconClassName} />,
  team: <UsersRound className={iconClassName} />,
  package: <Package className={iconClassName} />,
  order: <ShoppingBag className={iconClassName} />,
  payment: <ShoppingBag className={iconClassName} />,
  verification: <ShieldCheck className={iconClassName} />,
};

export function activityIcon(action: string): ReactNode {
  const area = action.split('.')[0] ?? '';
  return AREA_ICONS[area] ?? <History className={iconClassName} />;
}

const fullDateFormatter = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function ActivityItem({ entry, now }: { entry: ActivityEntry; now: Date }) {
  return (
    <li className="flex items-start gap-4 px-5 py-4">
      <span
        aria-hidden="true"
        className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-700"
      >
        {activityIcon(entry.action)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-slate-900">{entry.description}</p>
        <p className="mt-1 text-xs text-slate-500">
          <time dateTime={entry.created_at} title={fullDateFormatter.format(new Date(entry.created_at))}>
            {formatRelativeTime(entry.created_at, now)}
          </time>
        </p>
      </div>
    </li>
  );
}

/** The real activity log kept by the server (never sample entries), newest first. */
export function ActivityPage() {
  const activity = useActivity();
  const entries = activity.data?.pages.flatMap((page) => page.items) ?? [];
  const total = activity.data?.pages.at(-1)?.total ?? 0;
  // Times are relative to when the list was fetched, so a re-render never reshuffles them.
  const now = new Date(activity.dataUpdatedAt);

  return (
    <PageShell title="Activity History" description="What happened on your account, newest first.">
      {activity.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
          Loading activity...
        </p>
      ) : null}

      {activity.isError && entries.length === 0 ? (
        <ErrorWithRetry message={activity.error.message} onRetry={() => void activity.refetch()} />
      ) : null}

      {activity.isSuccess && entries.length === 0 ? (
        <EmptyState
          icon={History}
          title="No activity yet"
          text="Sign-ins, orders, applications and changes to your teams and packages will show up here."
        />
      ) : null}

      {entries.length > 0 ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-600">{`Showing ${entries.length} of ${total}`}</p>
          <ol
            aria-label="Activity"
            className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm"
          >
            {entries.map((entry) => (
              <ActivityItem key={entry.id} entry={entry} now={now} />
            ))}
          </ol>
          {activity.isFetchNextPageError ? (
            <Alert variant="error">{activity.error?.message ?? 'Failed to load more activity'}</Alert>
          ) : null}
          {activity.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                onClick={() => void activity.fetchNextPage()}
                disabled={activity.isFetchingNextPage}
              >
                {activity.isFetchingNextPage ? (
                  <LoaderCircle
                    aria-hidden="true"
                    className="size-4 animate-spin motion-reduce:animate-none"
                  />
                ) : null}
                Load more
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </PageShell>
  );
}
