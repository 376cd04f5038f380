import { ROLE_LABELS, type VerificationRequest } from '@teamhire/shared';
import { ArrowRight, ExternalLink } from 'lucide-react';
import { formatDate } from '../../../lib/format';
import { DECISION_STATUS_BADGES, StatusBadge } from '../../../components/ui/status-badge';

export function RoleChange({
  request,
}: {
  request: Pick<VerificationRequest, 'current_role' | 'requested_role'>;
}) {
  return (
    <span className="inline-flex items-center gap-1.5 font-semibold text-slate-900">
      {ROLE_LABELS[request.current_role]}
      <ArrowRight aria-hidden="true" className="size-4 text-slate-500" />
      <span className="sr-only">to</span>
      {ROLE_LABELS[request.requested_role]}
    </span>
  );
}

export function DocumentsLink({ url }: { url: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 text-sm font-semibold text-indigo-700 underline hover:text-indigo-900"
    >
      View supporting documents
      <ExternalLink aria-hidden="true" className="size-3.5" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** One of my own requests in the verification centre: what I asked, and what came back. */
export function MyVerificationRequestItem({ request }: { request: VerificationRequest }) {
  return (
    <li className="flex flex-col gap-3 px-5 py-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RoleChange request={request} />
        <StatusBadge status={request.status} badges={DECISION_STATUS_BADGES} />
      </div>
      <p className="text-sm whitespace-pre-line text-slate-700">{request.request_message}</p>
      {request.documents_url ? <DocumentsLink url={request.documents_url} /> : null}
      {request.response_message ? (
        <div className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-800">
          <p className="font-semibold">
            {request.verified_by ? `Response from ${request.verified_by.username}` : 'Response'}
          </p>
          <p className="mt-1 whitespace-pre-line">{request.response_message}</p>
        </div>
      ) : null}
      <p className="text-xs text-slate-500">
        Requested <time dateTime={request.requested_at}>{formatDate(request.requested_at)}</time>
        {request.verified_at ? (
          <>
            {' · Reviewed '}
            <time dateTime={request.verified_at}>{formatDate(request.verified_at)}</time>
          </>
        ) : null}
      </p>
    </li>
  );
}
