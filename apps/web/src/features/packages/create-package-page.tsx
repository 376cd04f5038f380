import { PACKAGE_IMAGES_MAX, PACKAGE_TEXTS } from '@teamhire/shared';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { LoadingStatus } from '../../components/ui/loading-status';
import { PageShell } from '../../components/ui/page-shell';
import { useNavigationFlags } from '../../lib/queries/get-navigation';
import { useMyTeams } from '../../lib/queries/get-my-teams';
import { NoTeamsPanel } from './components/no-teams-panel';
import { PackageForm } from './components/package-form';

/** A team admin whose role was approved creates a package for one of the teams they administer. */
export function CreatePackagePage() {
  const flags = useNavigationFlags();
  const verified = flags.data?.can_create_service_packages === true;
  const teams = useMyTeams();
  const loading = flags.isPending || (verified && teams.isPending);
  const failed = flags.isError ? flags : verified && teams.isError ? teams : null;
  return (
    <PageShell
      title="Create Service Package"
      description="Describe a package your team delivers at a fixed price and delivery time."
    >
      {loading ? (
        <LoadingStatus text="Loading..." />
      ) : failed ? (
        <ErrorWithRetry
          message={failed.error?.message ?? 'Failed to load'}
          onRetry={() => void failed.refetch()}
        />
      ) : !verified || !teams.data || teams.data.length === 0 ? (
        <NoTeamsPanel
          title={PACKAGE_TEXTS.noTeams}
          body="You need a team that you administer, with a verified Team Admin role, before you can offer service packages."
        />
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600">
            {`After creating the package, add up to ${PACKAGE_IMAGES_MAX} images to its gallery from its edit page.`}
          </p>
          <PackageForm teams={teams.data} />
        </>
      )}
    </PageShell>
  );
}
