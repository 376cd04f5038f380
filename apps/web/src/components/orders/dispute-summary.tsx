import {
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_REASON_LABELS,
  type Dispute,
  type DisputeStatus,
} from '@teamhire/shared';
import { formatDateTime, formatMoney } from '../../lib/format';
import { StatusBadge, type StatusBadges } from '../ui/status-badge';

const DISPUTE_STATUS_BADGES: StatusBadges<DisputeStatus> = {
  open: { label: 'Open', tone: 'alert' },
  resolved: { label: 'Resolved', tone: 'success' },
};

export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  return <StatusBadge status={status} badges={DISPUTE_STATUS_BADGES} />;
}

/** What the outcome meant in money, in the words both sides read. */
export function disputeOutcomeText(dispute: Pick<Dispute, 'outcome' | 'refund_amount'>): string | null {
  if (!dispute.outcome) return null;
  if (dispute.outcome === 'partial_refund' && dispute.refund_amount !== null) {
    return `${DISPUTE_OUTCOME_LABELS.partial_refund} of ${formatMoney(dispute.refund_amount)}`;
  }
  return DISPUTE_OUTCOME_LABELS[dispute.outcome];
}

/** A dispute as both sides and the admin see it: why it was opened and, once decided, the decision. */
export function DisputeSummary({ dispute, title = 'Dispute' }: { dispute: Dispute; title?: string }) {
  const outcome = disputeOutcomeText(dispute);
  return (
    <section
      aria-labelledby={`dispute-${dispute.id}-title`}
      className={`rounded-2xl border p-6 shadow-sm ${dispute.status === 'open' ? 'border-orange-200 bg-orange-50/40' : 'border-slate-200 bg-white'}`}
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={`dispute-${dispute.id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <DisputeStatusBadge status={dispute.status} />
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Reason</dt>
          <dd className="font-medium text-slate-900">{DISPUTE_REASON_LABELS[dispute.reason]}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Opened</dt>
          <dd className="font-medium text-slate-900">
            {`${dispute.opened_by?.username ?? 'System'} · ${formatDateTime(dispute.created_at)}`}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-slate-600">Details</dt>
          <dd className="whitespace-pre-line text-slate-900">{dispute.details}</dd>
        </div>
      </dl>
      {dispute.status === 'open' ? (
        <p className="mt-4 text-sm text-slate-700">
          A general admin will review this dispute. The order will not complete by itself meanwhile.
        </p>
      ) : (
        <div className="mt-4 rounded-xl border border-slate-200 bg-white p-4">
          <h3 className="text-sm font-semibold text-slate-900">Resolution</h3>
          {outcome ? <p className="mt-1 text-sm font-medium text-slate-900">{outcome}</p> : null}
          {dispute.resolution_message ? (
            <p className="mt-2 text-sm whitespace-pre-line text-slate-800">{dispute.resolution_message}</p>
          ) : null}
          {dispute.resolved_at ? (
            <p className="mt-2 text-xs text-slate-600">
              {`${dispute.resolved_by?.username ?? 'System'} · ${formatDateTime(dispute.resolved_at)}`}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
