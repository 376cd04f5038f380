import { ROLE_LABELS, USER_ROLES, type UserRole, type VerificationRequest } from '@teamhire/shared';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { PageShell } from '../../components/ui/page-shell';
import { useToast } from '../../components/ui/toast-context';
import { formatDate, formatNumber } from '../../lib/format';
import { DecisionActions, type Decision } from '../../components/ui/decision-actions';
import { usePendingVerificationRequests } from './api/get-pending-verification-requests';
import { useVerificationStats } from './api/get-verification-stats';
import {
  refreshAfterVerificationDecision,
  useRespondToVerificationRequest,
} from './api/respond-to-verification-request';
import { DocumentsLink, RoleChange } from './components/verification-request-item';
import { verificationDecisionFormSchema } from './form-schemas';
import { verificationDecisionSuccessMessage, verificationResponseFailure } from './verification-errors';

const sectionClassName = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

function StatisticsTiles() {
  const stats = useVerificationStats();
  return (
    <section aria-labelledby="verification-statistics-heading">
      <h2 id="verification-statistics-heading" className="sr-only">
        Verification statistics
      </h2>
      {stats.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
          Loading statistics...
        </p>
      ) : null}
      {stats.isError ? (
        <ErrorWithRetry message={stats.error.message} onRetry={() => void stats.refetch()} />
      ) : null}
      {stats.isSuccess ? (
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {[
            { label: 'Pending Requests', value: stats.data.pending_requests },
            { label: 'Approved', value: stats.data.approved_requests },
            { label: 'Rejected', value: stats.data.rejected_requests },
            { label: 'Total Requests', value: stats.data.total_requests },
          ].map((tile) => (
            <div key={tile.label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
              <dt className="text-xs font-medium text-slate-500">{tile.label}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900">{formatNumber(tile.value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

function PendingRequestItem({ request }: { request: VerificationRequest }) {
  const respond = useRespondToVerificationRequest();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showToast } = useToast();

  const decide = (decision: Decision) =>
    respond.mutateAsync({ requestId: request.id, decision }).then(
      () => showToast({ title: verificationDecisionSuccessMessage(decision.status), variant: 'success' }),
      (error: unknown) => {
        const failure = verificationResponseFailure(error);
        showToast({ title: failure.message, variant: 'error' });
        if (failure.outcome === 'session-expired') void navigate('/login', { replace: true });
        if (failure.outcome === 'not-found' || failure.outcome === 'already-processed') {
          void refreshAfterVerificationDecision(queryClient);
        }
        throw error;
      },
    );

  const subject = `${request.user.username}'s request`;
  return (
    <li>
      <article
        aria-labelledby={`verification-request-${request.id}`}
        className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 id={`verification-request-${request.id}`} className="text-lg font-bold text-slate-900">
              {request.user.username}
            </h3>
            <p className="text-sm">
              <RoleChange request={request} />
            </p>
          </div>
          <p className="text-xs text-slate-500">
            Requested <time dateTime={request.requested_at}>{formatDate(request.requested_at)}</time>
          </p>
        </div>
        <p className="text-sm whitespace-pre-line text-slate-700">{request.request_message}</p>
        {request.documents_url ? <DocumentsLink url={request.documents_url} /> : null}
        <DecisionActions
          subject={subject}
          schema={verificationDecisionFormSchema}
          onDecide={decide}
          pending={respond.isPending}
          rejectTitle="Reject this request?"
          rejectDescription={`${request.user.username} stays a ${ROLE_LABELS[request.current_role]} and may apply again.`}
        />
      </article>
    </li>
  );
}

function PendingRequests() {
  const [roleFilter, setRoleFilter] = useState<UserRole | undefined>(undefined);
  const pending = usePendingVerificationRequests({ roleFilter });

  return (
    <section aria-labelledby="pending-requests-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="pending-requests-heading" className="text-xl font-bold text-slate-900">
          Pending Requests
        </h2>
        <div className="flex flex-col gap-1">
          <label htmlFor="role-filter" className="text-sm font-medium text-slate-800">
            Requested role
          </label>
          <select
            id="role-filter"
            value={roleFilter ?? ''}
            onChange={(event) => {
              const value = event.target.value;
              setRoleFilter(USER_ROLES.find((role) => role === value));
            }}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <option value="">All roles</option>
            {USER_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {pending.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
          Loading pending requests...
        </p>
      ) : null}
      {pending.isError ? (
        <ErrorWithRetry message={pending.error.message} onRetry={() => void pending.refetch()} />
      ) : null}
      {pending.isSuccess && pending.data.length === 0 ? (
        <p className={`${sectionClassName} text-slate-600`}>No pending verification requests.</p>
      ) : null}
      {pending.isSuccess && pending.data.length > 0 ? (
        <ul aria-label="Pending verification requests" className="flex flex-col gap-4">
          {pending.data.map((request) => (
            <PendingRequestItem key={request.id} request={request} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The general admin's review of role-upgrade requests: the only way to a role beyond seller or buyer. */
export function AdminVerificationsPage() {
  return (
    <PageShell
      title="Admin Dashboard"
      description="Review role-upgrade requests. Approving changes the person's role at once."
    >
      <div className="flex flex-col gap-8">
        <StatisticsTiles />
        <PendingRequests />
      </div>
    </PageShell>
  );
}
