import {
  LEDGER_TRANSACTION_KIND_LABELS,
  MONEY_TEXTS,
  type FinanceSummary,
  type FinanceTransaction,
} from '@teamhire/shared';
import { Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { LoadingStatus } from '../../components/ui/loading-status';
import { MoneyTotals } from '../../components/ui/money-totals';
import { StatusBadge, type StatusBadges } from '../../components/ui/status-badge';
import { WidePage } from '../../components/ui/wide-page';
import { formatDate, formatMoney } from '../../lib/format';
import { useFinanceSummary } from './api/get-finance-summary';

type Balance = 'balanced' | 'unbalanced';

const BALANCE_BADGES: StatusBadges<Balance> = {
  balanced: { label: 'Balanced', tone: 'success' },
  unbalanced: { label: 'Not balanced', tone: 'danger' },
};

const BALANCES = [
  { key: 'escrow', label: 'Escrow', hint: 'Held for orders paid and not completed' },
  { key: 'fees', label: 'Fees', hint: 'The marketplace’s part of completed orders' },
  { key: 'payable', label: 'Payable', hint: 'Earned by members, not paid out yet' },
  { key: 'paid_out', label: 'Paid out', hint: 'Transferred to members' },
  { key: 'refunded', label: 'Refunded', hint: 'Returned to buyers' },
] as const satisfies readonly { key: keyof FinanceSummary; label: string; hint: string }[];

function Balances({ summary }: { summary: FinanceSummary }) {
  return (
    <section aria-labelledby="finance-balances-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="finance-balances-heading" className="text-lg font-semibold text-slate-900">
          Ledger balances
        </h2>
        <StatusBadge status={summary.balanced ? 'balanced' : 'unbalanced'} badges={BALANCE_BADGES} />
      </div>
      <MoneyTotals
        columnsClass="sm:grid-cols-2 lg:grid-cols-5"
        totals={BALANCES.map((balance) => ({ ...balance, amount: summary[balance.key] }))}
      />
    </section>
  );
}

const TRANSACTION_COLUMNS = [
  { label: 'Date' },
  { label: 'Kind' },
  { label: 'Order' },
  { label: 'Description' },
  { label: 'Amount', align: 'right' },
] as const satisfies readonly DataTableColumn[];

function TransactionRow({ transaction }: { transaction: FinanceTransaction }) {
  return (
    <tr>
      <td className="px-4 py-3 whitespace-nowrap text-slate-700">
        <time dateTime={transaction.created_at}>{formatDate(transaction.created_at)}</time>
      </td>
      <td className="px-4 py-3 font-medium text-slate-900">
        {LEDGER_TRANSACTION_KIND_LABELS[transaction.kind]}
      </td>
      <td className="px-4 py-3">
        {transaction.order_id === null ? (
          <span className="text-slate-500">None</span>
        ) : (
          <Link
            to={`/orders/${transaction.order_id}`}
            className="text-indigo-700 underline hover:text-indigo-900"
          >
            {`#${transaction.order_id}`}
          </Link>
        )}
      </td>
      <td className="px-4 py-3 text-slate-700">{transaction.description}</td>
      <td className="px-4 py-3 text-right font-semibold text-slate-900">{formatMoney(transaction.amount)}</td>
    </tr>
  );
}

function RecentTransactions({ transactions }: { transactions: FinanceTransaction[] }) {
  return (
    <section aria-labelledby="finance-recent-heading" className="flex flex-col gap-3">
      <h2 id="finance-recent-heading" className="text-lg font-semibold text-slate-900">
        Recent transactions
      </h2>
      {transactions.length === 0 ? (
        <EmptyState icon={Receipt} title="No transactions yet" text="Payments appear here as buyers pay." />
      ) : (
        <DataTable
          label="Recent transactions table"
          caption="Recent ledger transactions"
          columns={TRANSACTION_COLUMNS}
        >
          {transactions.map((transaction) => (
            <TransactionRow key={transaction.id} transaction={transaction} />
          ))}
        </DataTable>
      )}
    </section>
  );
}

/** General admins: where the marketplace's money is, whether its ledger balances, and what moved last. */
export function AdminFinancePage() {
  const summary = useFinanceSummary();
  return (
    <WidePage
      title={MONEY_TEXTS.financeTitle}
      description="The balances of the marketplace’s ledger: money held for orders, fees, what members are owed and what left."
    >
      {summary.isPending ? <LoadingStatus text="Loading the finance summary..." /> : null}
      {summary.isError ? (
        <ErrorWithRetry message={MONEY_TEXTS.financeLoadFailed} onRetry={() => void summary.refetch()} />
      ) : null}
      {summary.isSuccess ? (
        <div className="flex flex-col gap-8">
          <Balances summary={summary.data} />
          <RecentTransactions transactions={summary.data.recent} />
        </div>
      ) : null}
    </WidePage>
  );
}
