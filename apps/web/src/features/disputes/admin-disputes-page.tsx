import {
  DISPUTE_REASON_LABELS,
  DISPUTE_STATUSES,
  DISPUTES_PAGE_SIZE,
  type Dispute,
  type DisputeStatus,
} from '@teamhire/shared';
import { LoaderCircle, Scale } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { disputeOutcomeText, DisputeStatusBadge } from '../../components/orders/dispute-summary';
import { Button, buttonClassName } from '../../components/ui/button';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { PageShell } from '../../components/ui/page-shell';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatDate, formatMoney } from '../../lib/format';
import { useDisputes } from './api/get-disputes';

export const DISPUTES_LOAD_FAILED = 'Failed to load disputes. Please try again.';

const TAB_LABELS: Record<DisputeStatus, string> = { open: 'Open', resolved: 'Resolved' };

function DisputeItem({ dispute }: { dispute: Dispute }) {
  const outcome = disputeOutcomeText(dispute);
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold text-slate-900">{`Order #${dispute.order_id}`}</h2>
          <DisputeStatusBadge status={dispute.status} />
        </div>
        <p className="mt-1 text-sm text-slate-700">{dispute.order.service_package_title}</p>
        <p className="mt-1 text-sm text-slate-600">
          {`${dispute.order.buyer.username} · ${dispute.order.team.name} · ${formatMoney(dispute.order.total_amount)}`}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {`${DISPUTE_REASON_LABELS[dispute.reason]} · opened ${formatDate(dispute.created_at)}`}
          {outcome ? ` · ${outcome}` : ''}
        </p>
      </div>
      <Link
        to={`/admin/disputes/${dispute.id}`}
        aria-label={`Review the dispute of order #${dispute.order_id}`}
        className={buttonClassName(dispute.status === 'open' ? 'primary' : 'secondary', 'sm', 'shrink-0')}
      >
        {dispute.status === 'open' ? 'Review' : 'View'}
      </Link>
    </li>
  );
}

function DisputeList({ status }: { status: DisputeStatus }) {
  const [skip, setSkip] = useState(0);
  const disputes = useDisputes(status, skip);
  if (disputes.isPending) {
    return (
      <p role="status" className="mt-6 flex items-center gap-2 text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
        Loading disputes...
      </p>
    );
  }
  if (disputes.isError) {
    return (
      <ErrorWithRetry
        className="mt-6"
        message={DISPUTES_LOAD_FAILED}
        onRetry={() => void disputes.refetch()}
      />
    );
  }
  const { items, total } = disputes.data;
  if (items.length === 0) {
    return (
      <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <Scale aria-hidden="true" className="mx-auto size-10 text-slate-400" />
        <p className="mt-3 font-semibold text-slate-900">
          {status === 'open' ? 'No open disputes' : 'No resolved disputes'}
        </p>
      </div>
    );
  }
  const pages = Math.ceil(total / DISPUTES_PAGE_SIZE);
  const page = Math.floor(skip / DISPUTES_PAGE_SIZE) + 1;
  return (
    <div className="mt-6 flex flex-col gap-4" aria-busy={disputes.isPlaceholderData || undefined}>
      <ul aria-label={`${TAB_LABELS[status]} disputes`} className="flex flex-col gap-3">
        {items.map((dispute) => (
          <DisputeItem key={dispute.id} dispute={dispute} />
        ))}
      </ul>
      {pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3">
          <Button
            variant="secondary"
            size="sm"
            disabled={skip === 0}
            onClick={() => setSkip(Math.max(skip - DISPUTES_PAGE_SIZE, 0))}
          >
            Previous
          </Button>
          <p className="text-sm text-slate-600">{`Page ${page} of ${pages}`}</p>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => setSkip(skip + DISPUTES_PAGE_SIZE)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

/** General admins: the disputes that wait for a decision, and those already decided. */
export function AdminDisputesPage() {
  const [tab, setTab] = useState<DisputeStatus>('open');
  return (
    <PageShell
      title="Disputes"
      description="Orders where the buyer or the team asked a general admin to decide."
    >
      <Tabs
        value={tab}
        onValueChange={(value) => setTab(DISPUTE_STATUSES.find((status) => status === value) ?? 'open')}
      >
        <TabsList aria-label="Filter disputes by status">
          {DISPUTE_STATUSES.map((status) => (
            <TabsTrigger key={status} value={status}>
              {TAB_LABELS[status]}
            </TabsTrigger>
          ))}
        </TabsList>
        {DISPUTE_STATUSES.map((status) => (
          <TabsContent key={status} value={status}>
            <DisputeList status={status} />
          </TabsContent>
        ))}
      </Tabs>
    </PageShell>
  );
}
