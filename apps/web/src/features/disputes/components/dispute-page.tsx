import { DELIVERY_TEXTS, type Dispute } from '@teamhire/shared';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ErrorWithRetry } from '../../../components/ui/error-with-retry';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { PageShell } from '../../../components/ui/page-shell';
import { ApiError } from '../../../lib/api-client';
import { useDispute } from '../api/get-dispute';

export const DISPUTE_LOAD_FAILED = 'Failed to load the dispute. Please try again.';

/**
 * A page about the dispute in the address: it loads it, tells a missing or malformed one apart from a
 * failure to load, and shows `children` once the dispute is there.
 */
export function DisputePage({
  title,
  back,
  children,
}: {
  title: string;
  /** Where the back link goes, given the dispute id when the address holds a valid one. */
  back: (disputeId: number | null) => { to: string; label: string };
  children: (dispute: Dispute) => ReactNode;
}) {
  const disputeId = Number(useParams().disputeId);
  const dispute = useDispute(disputeId);
  const validId = Number.isInteger(disputeId) && disputeId > 0;
  const notFound =
    !validId || (dispute.error instanceof ApiError && [404, 422].includes(dispute.error.status));
  return (
    <PageShell title={title} backTo={back(validId ? disputeId : null)}>
      {notFound ? (
        <p role="alert" className="text-slate-700">
          {DELIVERY_TEXTS.disputeNotFound}
        </p>
      ) : dispute.isPending ? (
        <LoadingStatus text="Loading the dispute..." />
      ) : dispute.isError ? (
        <ErrorWithRetry message={DISPUTE_LOAD_FAILED} onRetry={() => void dispute.refetch()} />
      ) : (
        children(dispute.data)
      )}
    </PageShell>
  );
}
