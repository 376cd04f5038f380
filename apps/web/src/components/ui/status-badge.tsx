import type { ApplicationStatus, VerificationStatus } from '@teamhire/shared';

type Status = ApplicationStatus | VerificationStatus;

const statusStyles: Record<Status, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-amber-50 text-amber-900 ring-amber-600/20' },
  approved: { label: 'Approved', className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20' },
  rejected: { label: 'Rejected', className: 'bg-red-50 text-red-800 ring-red-600/20' },
  withdrawn: { label: 'Withdrawn', className: 'bg-slate-100 text-slate-700 ring-slate-500/20' },
};

/** The state of an application or a verification request, in words and colour. */
export function StatusBadge({ status }: { status: Status }) {
  const { label, className } = statusStyles[status];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${className}`}
    >
      {label}
    </span>
  );
}
