import {
  BILLING_TEXTS,
  CARD_BRAND_LABELS,
  PAYMENT_STATUS_LABELS,
  SAVED_PAYMENT_METHOD_TYPE_LABELS,
  type PaymentHistoryItem,
  type PaymentHistoryStatus,
  type SavedPaymentMethod,
} from '@teamhire/shared';
import { CreditCard, LoaderCircle, Plus, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { DownloadReceiptButton } from '../../components/orders/download-receipt-button';
import { Button } from '../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { PageShell } from '../../components/ui/page-shell';
import { useToast } from '../../components/ui/toast-context';
import { formatDate, formatMoney } from '../../lib/format';
import { ConfirmationDialog } from '../../components/ui/confirmation-dialog';
import { useDeletePaymentMethod } from './api/delete-payment-method';
import { usePaymentHistory } from './api/get-payment-history';
import { usePaymentMethods } from './api/get-payment-methods';
import { useSetDefaultPaymentMethod } from './api/set-default-payment-method';
import { AddPaymentMethodDialog } from './components/add-payment-method-dialog';

export const PAYMENT_METHOD_DELETED_MESSAGE = 'Payment method deleted';
export const DEFAULT_METHOD_SET_MESSAGE = 'Default payment method updated';

const HISTORY_STATUS_CLASS_NAMES: Record<PaymentHistoryStatus, string> = {
  PENDING: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  COMPLETED: 'bg-green-50 text-green-700 ring-green-600/20',
  FAILED: 'bg-red-50 text-red-700 ring-red-600/20',
  CANCELLED: 'bg-purple-50 text-purple-700 ring-purple-600/20',
};

function methodDigits(method: Pick<SavedPaymentMethod, 'brand' | 'last_four'>): string | null {
  if (!method.last_four) return null;
  return `${method.brand ? `${CARD_BRAND_LABELS[method.brand]} ` : ''}•••• ${method.last_four}`;
}

function PaymentMethodItem({
  method,
  busy,
  onSetDefault,
  onDelete,
}: {
  method: SavedPaymentMethod;
  busy: boolean;
  onSetDefault: () => void;
  onDelete: () => void;
}) {
  const digits = methodDigits(method);
  return (
    <li className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700"
        >
          <CreditCard className="size-5" />
        </span>
        <div>
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            {method.name}
            {method.is_default ? (
              <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-800">
                Default
              </span>
            ) : null}
          </p>
          <p className="text-sm text-slate-600">
            {[SAVED_PAYMENT_METHOD_TYPE_LABELS[method.type], digits].filter(Boolean).join(' · ')}
          </p>
          {method.expiry_month && method.expiry_year ? (
            <p className="text-sm text-slate-600">
              {`Expires ${String(method.expiry_month).padStart(2, '0')}/${method.expiry_year}`}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex gap-2">
        {method.is_default ? null : (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            aria-label={`Set ${method.name} as default`}
            onClick={onSetDefault}
          >
            <Star aria-hidden="true" className="size-4" />
            Set as Default
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          aria-label={`Delete ${method.name}`}
          className="text-red-800 hover:bg-red-50"
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      </div>
    </li>
  );
}

function PaymentMethodsSection({ methods }: { methods: SavedPaymentMethod[] }) {
  const { showToast } = useToast();
  const setDefault = useSetDefaultPaymentMethod();
  const deleteMethod = useDeletePaymentMethod();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<SavedPaymentMethod | null>(null);

  const makeDefault = (method: SavedPaymentMethod) =>
    setDefault.mutate(method.id, {
      onSuccess: () => showToast({ title: DEFAULT_METHOD_SET_MESSAGE, variant: 'success' }),
      onError: () => showToast({ title: BILLING_TEXTS.setDefaultFailed, variant: 'error' }),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    deleteMethod.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        showToast({ title: PAYMENT_METHOD_DELETED_MESSAGE, variant: 'success' });
      },
      onError: () => showToast({ title: BILLING_TEXTS.deleteFailed, variant: 'error' }),
    });
  };

  return (
    <section aria-labelledby="payment-methods-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="payment-methods-title" className="text-xl font-semibold text-slate-900">
          Payment Methods
        </h2>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" className="size-4" />
          Add Payment Method
        </Button>
      </div>
      {methods.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-slate-600">
          {BILLING_TEXTS.noPaymentMethods}
        </p>
      ) : (
        <ul
          aria-label="Saved payment methods"
          className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {methods.map((method) => (
            <PaymentMethodItem
              key={method.id}
              method={method}
              busy={setDefault.isPending || deleteMethod.isPending}
              onSetDefault={() => makeDefault(method)}
              onDelete={() => setDeleting(method)}
            />
          ))}
        </ul>
      )}
      <AddPaymentMethodDialog open={adding} onOpenChange={setAdding} />
      <ConfirmationDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !deleteMethod.isPending) setDeleting(null);
        }}
        title="Delete Payment Method"
        description={
          deleting ? `Are you sure you want to delete "${deleting.name}"? This cannot be undone.` : ''
        }
        confirmLabel="Delete"
        destructive
        pending={deleteMethod.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}

const HISTORY_COLUMNS = [
  { label: 'Date' },
  { label: 'Description' },
  { label: 'Method' },
  { label: 'Amount', align: 'right' },
  { label: 'Status' },
  { label: 'Transaction ID' },
  { label: 'Receipt' },
] as const satisfies readonly DataTableColumn[];

function historyMethod(item: PaymentHistoryItem): string {
  if (item.method === 'PAYPAL') return 'PayPal';
  const brand = item.card_brand ? CARD_BRAND_LABELS[item.card_brand] : 'Card';
  return item.card_last_four ? `${brand} •••• ${item.card_last_four}` : brand;
}

function HistoryStatus({ item }: { item: PaymentHistoryItem }) {
  // History keeps the upper-case spellings, and CANCELLED covers a refund; the stored status says which it
  // was.
  const label = item.payment_status === 'refunded' ? PAYMENT_STATUS_LABELS.refunded : item.status;
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${HISTORY_STATUS_CLASS_NAMES[item.status]}`}
    >
      {label}
    </span>
  );
}

function PaymentHistorySection() {
  const history = usePaymentHistory();
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="payment-history-title" className="flex flex-col gap-4">
      <h2 id="payment-history-title" className="text-xl font-semibold text-slate-900">
        Payment History
      </h2>
      {items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-slate-600">
          {BILLING_TEXTS.noPaymentHistory}
        </p>
      ) : (
        // When the table is wider than the page (a phone), its region scrolls: keyboard users reach it too.
        <DataTable
          label="Payment history table"
          caption="Payment history, newest first"
          columns={HISTORY_COLUMNS}
          minWidthClass=""
        >
          {items.map((item) => (
            <tr key={item.id}>
              <td className="px-4 py-3 whitespace-nowrap">
                <time dateTime={item.created_at}>{formatDate(item.created_at)}</time>
              </td>
              <td className="px-4 py-3">{item.description}</td>
              <td className="px-4 py-3 whitespace-nowrap">{historyMethod(item)}</td>
              <td className="px-4 py-3 text-right font-medium whitespace-nowrap">
                {`${formatMoney(item.amount)} ${item.currency}`}
              </td>
              <td className="px-4 py-3">
                <HistoryStatus item={item} />
              </td>
              <td className="px-4 py-3 font-mono text-xs break-all">{item.transaction_id ?? '—'}</td>
              <td className="px-4 py-3">
                {item.status === 'COMPLETED' || item.status === 'CANCELLED' ? (
                  <DownloadReceiptButton paymentId={item.id} />
                ) : (
                  <span className="text-slate-500">—</span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {history.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
          >
            {history.isFetchingNextPage ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            ) : null}
            Load more
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** Saved payment methods (add, delete, set default) and payment history. */
export function BillingPaymentsPage() {
  const methods = usePaymentMethods();
  const history = usePaymentHistory();
  const failed = (methods.isError && !methods.data) || (history.isError && !history.data);

  return (
    <PageShell
      wide
      title="Billing & Payments"
      description="Your saved payment methods and every payment you made."
    >
      {failed ? (
        <ErrorWithRetry
          message={BILLING_TEXTS.loadFailed}
          onRetry={() => {
            if (methods.isError) void methods.refetch();
            if (history.isError) void history.refetch();
          }}
        />
      ) : methods.isPending || history.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
          Loading payment data...
        </p>
      ) : (
        <div className="flex flex-col gap-10">
          <PaymentMethodsSection methods={methods.data.items} />
          <PaymentHistorySection />
        </div>
      )}
    </PageShell>
  );
}
