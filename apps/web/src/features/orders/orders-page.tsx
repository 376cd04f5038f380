import {
  ORDER_FILTER_TABS,
  ORDER_STATUS_LABELS,
  ORDER_TEXTS,
  type Order,
  type OrderList,
  type User,
} from '@teamhire/shared';
import { LoaderCircle, MessageSquare, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/button';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { PageShell } from '../../components/ui/page-shell';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatDate, formatMoney } from '../../lib/format';
import { useCurrentUser } from '../../lib/queries/get-current-user';
import { useContactTeam } from '../../lib/contact-team';
import { useOrders, type OrderListFilter } from './api/get-orders';
import { OrderSubject } from './components/order-subject';
import { OrderStatusBadge } from './components/order-status-badge';

type FilterTab = (typeof ORDER_FILTER_TABS)[number];

const TAB_LABELS: Record<FilterTab, string> = {
  all: 'All',
  confirmed: ORDER_STATUS_LABELS.confirmed,
  in_progress: ORDER_STATUS_LABELS.in_progress,
  delivered: ORDER_STATUS_LABELS.delivered,
  completed: ORDER_STATUS_LABELS.completed,
  disputed: ORDER_STATUS_LABELS.disputed,
};

/**
 * Buyers see what they bought, team admins and sellers what their teams sold, anyone
 * else every order they take part in (a user may have both); general admins see every order.
 */
export function ordersView(user: Pick<User, 'role' | 'is_superuser'> | undefined): {
  title: string;
  scope: OrderListFilter['scope'];
} {
  if (user?.role === 'BUYER') return { title: ORDER_TEXTS.myOrdersTitle, scope: 'buyer' };
  if (user?.role === 'TEAM_ADMIN' || user?.role === 'SELLER') {
    return { title: ORDER_TEXTS.teamOrdersTitle, scope: 'team' };
  }
  // General admins oversee (and may refund) every order on the platform.
  if (user?.role === 'GENERAL_ADMIN' || user?.is_superuser) {
    return { title: ORDER_TEXTS.ordersTitle, scope: 'all' };
  }
  return { title: ORDER_TEXTS.ordersTitle, scope: undefined };
}

function ChatAction({ order }: { order: Order }) {
  const contactTeam = useContactTeam();
  const label = `Chat about order #${order.id}`;
  // A general admin looking on has no conversation about the order.
  if (!order.viewer.is_buyer && !order.viewer.is_team) return null;
  // The team side reaches its buyers through the team's chat dashboard.
  if (!order.viewer.is_buyer) {
    return (
      <Link
        to={`/team-chat-dashboard/${order.team_id}`}
        aria-label={label}
        className={buttonClassName('secondary', 'sm')}
      >
        <MessageSquare aria-hidden="true" className="size-4" />
        Chat
      </Link>
    );
  }
  return (
    <Button size="sm" variant="secondary" aria-label={label} onClick={() => contactTeam(order.team)}>
      <MessageSquare aria-hidden="true" className="size-4" />
      Chat
    </Button>
  );
}

function OrderCard({ order }: { order: Order }) {
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 font-semibold break-words text-slate-900">
            <OrderSubject order={order} />
          </h2>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="mt-1 text-sm text-slate-600">
          <Link
            to={`/teams/${order.team.id}`}
            className="font-medium text-slate-700 underline-offset-2 hover:text-indigo-700 hover:underline"
          >
            {order.team.name}
          </Link>
          {order.viewer.is_buyer ? null : ` · bought by ${order.buyer.username}`}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          <span className="font-semibold text-slate-900">{formatMoney(order.total_amount)}</span>
          {' · '}
          <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
          {` · Order #${order.id}`}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <ChatAction order={order} />
        <Link
          to={`/orders/${order.id}`}
          aria-label={`View details of order #${order.id}`}
          className={buttonClassName('primary', 'sm')}
        >
          View Details
        </Link>
      </div>
    </li>
  );
}

function EmptyOrders({ tab }: { tab: FilterTab }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <ShoppingBag aria-hidden="true" className="mx-auto size-10 text-slate-400" />
      <p className="mt-3 font-semibold text-slate-900">
        {tab === 'all' ? 'No orders yet' : `No ${TAB_LABELS[tab].toLowerCase()} orders`}
      </p>
      <p className="mt-1 text-sm text-slate-600">Find a package that fits your project and order it.</p>
      <Link to="/services" className={buttonClassName('primary', 'md', 'mt-6')}>
        Browse Services
      </Link>
    </div>
  );
}

/**
 * A declined purchase leaves a `pending` order with a failed payment. To the buyer
 * nothing was ordered, so the list and its counts leave those attempts out.
 */
export function placedOrders(data: OrderList): { items: Order[]; counts: Record<FilterTab, number> } {
  return {
    items: data.items.filter((order) => order.status !== 'pending'),
    counts: {
      all: data.counts.all - data.counts.pending,
      confirmed: data.counts.confirmed,
      in_progress: data.counts.in_progress,
      delivered: data.counts.delivered,
      completed: data.counts.completed,
      disputed: data.counts.disputed,
    },
  };
}

function OrdersList({ data, tab, fetching }: { data: OrderList; tab: FilterTab; fetching: boolean }) {
  const { items } = placedOrders(data);
  if (items.length === 0) return <EmptyOrders tab={tab} />;
  return (
    <div className="flex flex-col gap-3" aria-busy={fetching || undefined}>
      {data.total > data.items.length ? (
        <p className="text-sm text-slate-600">{`Showing the newest ${items.length} orders`}</p>
      ) : null}
      <ul aria-label="Orders" className="flex flex-col gap-3">
        {items.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </ul>
    </div>
  );
}

/** The orders list with status tabs and their counts. */
export function OrdersPage() {
  const user = useCurrentUser();
  const { title, scope } = ordersView(user.data);
  const [tab, setTab] = useState<FilterTab>('all');
  // The title and scope hang on the role; a failed /me still lists every order of the caller.
  const orders = useOrders({ scope, status: tab === 'all' ? undefined : tab }, !user.isPending);
  const counts = orders.data ? placedOrders(orders.data).counts : undefined;

  return (
    <PageShell title={user.isPending ? ORDER_TEXTS.ordersTitle : title}>
      {orders.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
          Loading orders...
        </p>
      ) : orders.isError && !orders.data ? (
        <ErrorWithRetry message={ORDER_TEXTS.ordersLoadFailed} onRetry={() => void orders.refetch()} />
      ) : (
        <Tabs
          value={tab}
          onValueChange={(value) => setTab(ORDER_FILTER_TABS.find((filter) => filter === value) ?? 'all')}
        >
          <TabsList aria-label="Filter orders by status">
            {ORDER_FILTER_TABS.map((filter) => (
              <TabsTrigger key={filter} value={filter}>
                {`${TAB_LABELS[filter]} (${counts?.[filter] ?? 0})`}
              </TabsTrigger>
            ))}
          </TabsList>
          {ORDER_FILTER_TABS.map((filter) => (
            <TabsContent key={filter} value={filter}>
              {orders.isError ? (
                <ErrorWithRetry
                  message={ORDER_TEXTS.ordersLoadFailed}
                  onRetry={() => void orders.refetch()}
                />
              ) : orders.data ? (
                <OrdersList data={orders.data} tab={filter} fetching={orders.isPlaceholderData} />
              ) : null}
            </TabsContent>
          ))}
        </Tabs>
      )}
    </PageShell>
  );
}
