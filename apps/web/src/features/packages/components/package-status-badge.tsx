import type { PackageStatus } from '@teamhire/shared';
import { displayStatus } from '../package-display';

const statusStyles: Record<PackageStatus, { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'bg-slate-100 text-slate-700 ring-slate-500/20' },
  published: { label: 'Published', className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20' },
  unpublished: { label: 'Unpublished', className: 'bg-amber-50 text-amber-900 ring-amber-600/20' },
};

/** A package's status in words and colour; an unknown one reads Draft (part 2 §4). */
export function PackageStatusBadge({ status }: { status: string }) {
  const { label, className } = statusStyles[displayStatus(status)];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${className}`}
    >
      {label}
    </span>
  );
}
