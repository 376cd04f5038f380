import type { PackageStatus } from '@teamhire/shared';
import { StatusBadge, type StatusBadges } from '../../../components/ui/status-badge';
import { displayStatus } from '../package-display';

const PACKAGE_STATUS_BADGES: StatusBadges<PackageStatus> = {
  draft: { label: 'Draft', tone: 'neutral' },
  published: { label: 'Published', tone: 'success' },
  unpublished: { label: 'Unpublished', tone: 'warning' },
};

/** A package's status in words and colour; an unknown one reads Draft, as a package never shown. */
export function PackageStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={displayStatus(status)} badges={PACKAGE_STATUS_BADGES} />;
}
