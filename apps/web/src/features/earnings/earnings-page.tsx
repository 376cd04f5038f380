import {
  EARNING_STATUS_LABELS,
  MONEY_TEXTS,
  type EarningItem,
  type EarningStatus,
  type Earnings,
} from '@teamhire/shared';
import { Landmark, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { LoadingStatus } from '../../components/ui/loading-status';
import { MoneyTotals } from '../../components/ui/money-totals';
import { StatusBadge, type StatusBadges } from '../../components/ui/status-badge';
import { WidePage } from '../../components/ui/wide-page';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { useConnectPayoutAccount } from './api/connect-payout-account';
import { useEarnings } from './api/get-earnings';
import { usePayoutAccount } from './api/get-payout-account';

export const EARNINGS_TEXTS = {
  description: 'Your share of the orders of your teams: held until an order completes, then paid out to you.',
  noPayoutAccount: 'Connect a payout account to receive the money that is available to you.',
  payoutAccountLoadFailed: 'Failed to load your payout account. Please try again.',
  connectFailed: 'Failed to start connecting your payout account. Please try again.',
} as const;

const EARNING_STATUS_BADGES: StatusBadges<EarningStatus> = {
  pending: { label: EARNING_STATUS_LABELS.pending, tone: 'warning' },
  available: { label: EARNING_STATUS_LABELS.available, tone: 'info' },
  paid_out: { label: EARNING_STATUS_LABELS.paid_out, tone: 'success' },
  refunded: { label: EARNING_STATUS_LABELS.refunded, tone: 'neutral' },
};

const TOTALS = [
  { key: 'pending', label: 'Pending', hint: 'Orders paid and not completed yet' },
  { key: 'available', label: 'Available', hint: 'Earned, waiting for a payout' },
  { key: 'paid_out', label: 'Paid out', hint: 'Sent to your payout account' },
] as const satisfies readonly { key: keyof Earnings; label: string; hint: string }[];

function EarningsTotals({ earnings }: { earnings: Earnings }) {
  return (
    <MoneyTotals
      columnsClass="sm:grid-cols-3"
      totals={TOTALS.map((total) => ({ ...total, amount: earnings[total.key] }))}
    />
  );
}

const EARNING_COLUMNS = [
  { label: 'Order' },
  { label: 'Team' },
  { label: 'Share', align: 'right' },
  { label: 'Amount', align: 'right' },
  { label: 'Status' },
] as const satisfies readonly DataTableColumn[];

function EarningRow({ item }: { item: EarningItem }) {
  return (
    <tr>
      <th scope="row" className="px-4 py-3 text-left font-semibold">
        <Link to={`/orders/${item.order_id}`} className="text-indigo-700 underline hover:text-indigo-900">
          {item.order_title}
        </Link>
        <span className="block text-xs font-normal text-slate-600">
          {`Order #${item.order_id} · `}
          <time dateTime={item.created_at}>{formatDate(item.created_at)}</time>
        </span>
      </th>
      <td className="px-4 py-3 text-slate-700">{item.team_name}</td>
      <td className="px-4 py-3 text-right text-slate-700">{`${item.percent}%`}</td>
      <td className="px-4 py-3 text-right font-semibold text-slate-900">{formatMoney(item.amount)}</td>
      <td className="px-4 py-3">
        <StatusBadge status={item.status} badges={EARNING_STATUS_BADGES} />
      </td>
    </tr>
  );
}

function EarningsList({ items }: { items: EarningItem[] }) {
  if (items.length === 0) {
    return (
      <EmptyState
        icon={Wallet}
        title={MONEY_TEXTS.earningsEmpty}
        text="Your share of an order shows here once a buyer pays one of your teams."
      />
    );
  }
  return (
    <DataTable label="Earnings per order table" caption="Earnings per order" columns={EARNING_COLUMNS}>
      {items.map((item) => (
        <EarningRow key={`${item.order_id}-${item.team_id}`} item={item} />
      ))}
    </DataTable>
  );
}

/** Where the money goes: its status, and the way to connect one (or finish connecting it). */
function PayoutAccountCard() {
  const account = usePayoutAccount();
  const connect = useConnectPayoutAccount();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  const start = () => {
    setFailure(null);
    connect.mutate(undefined, {
      onSuccess: ({ status, onboarding_url: url }) => {
        // The test provider's accounts are active at once: its return address (this page) has nothing
        // left to do. Otherwise the member finishes at the provider's onboarding site.
        if (status === 'active') return;
        if (url.startsWith('/') && !url.startsWith('//')) void navigate(url);
        else window.location.assign(url);
      },
      onError: (error) =>
        setFailure(
          error instanceof ApiError && error.status < 500 && error.detail
            ? error.detail
            : EARNINGS_TEXTS.connectFailed,
        ),
    });
  };

  let body;
  if (account.isPending) body = <LoadingStatus text="Loading your payout account..." />;
  else if (account.isError) {
    body = (
      <ErrorWithRetry
        message={EARNINGS_TEXTS.payoutAccountLoadFailed}
        onRetry={() => void account.refetch()}
      />
    );
  } else if (account.data.status === 'active') {
    body = <Alert variant="success">{MONEY_TEXTS.payoutAccountActive}</Alert>;
  } else {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          {account.data.status === 'pending'
            ? MONEY_TEXTS.payoutAccountPending
            : EARNINGS_TEXTS.noPayoutAccount}
        </p>
        <Button onClick={start} disabled={connect.isPending}>
          <Landmark aria-hidden="true" className="size-4" />
          {MONEY_TEXTS.connectPayoutAccount}
        </Button>
      </div>
    );
  }
  return (
    <section
      aria-labelledby="payout-account-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="payout-account-heading" className="text-lg font-semibold text-slate-900">
        Payout account
      </h2>
      <div className="mt-3 flex flex-col gap-3">
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        {body}
      </div>
    </section>
  );
}

/** /earnings: a seller's or team admin's share of their teams' orders, and their payout account. */
export function EarningsPage() {
  const earnings = useEarnings();
  return (
    <WidePage title={MONEY_TEXTS.earningsTitle} description={EARNINGS_TEXTS.description}>
      <div className="flex flex-col gap-6">
        {earnings.isPending ? <LoadingStatus text="Loading your earnings..." /> : null}
        {earnings.isError ? (
          <ErrorWithRetry message={MONEY_TEXTS.earningsLoadFailed} onRetry={() => void earnings.refetch()} />
        ) : null}
        {earnings.isSuccess ? <EarningsTotals earnings={earnings.data} /> : null}
        <PayoutAccountCard />
        {earnings.isSuccess ? (
          <section aria-labelledby="earnings-orders-heading" className="flex flex-col gap-3">
            <h2 id="earnings-orders-heading" className="text-lg font-semibold text-slate-900">
              Per order
            </h2>
            <EarningsList items={earnings.data.items} />
          </section>
        ) : null}
      </div>
    </WidePage>
  );
}
