import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { buttonClassName } from '../../components/ui/button';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { LoadingStatus } from '../../components/ui/loading-status';
import { PageShell } from '../../components/ui/page-shell';
import { useNavigationFlags } from '../../lib/queries/get-navigation';
import { TeamForm } from './components/team-form';

/** A team admin whose role a general admin approved creates a team from the catalogue. */
export function CreateTeamPage() {
  const flags = useNavigationFlags();
  return (
    <PageShell
      title="Create New Team"
      description="Describe your team and what it builds, so that sellers and buyers can find it."
    >
      {flags.isPending ? <LoadingStatus text="Loading..." /> : null}
      {flags.isError ? (
        <ErrorWithRetry message={flags.error.message} onRetry={() => void flags.refetch()} />
      ) : null}
      {flags.isSuccess && !flags.data.can_create_team ? (
        <Alert variant="info">
          <p>
            Only verified team admins can create teams. Ask for the Team Admin role in the Verification
            Centre; a general admin reviews it.
          </p>
          <Link to="/verification" className={buttonClassName('secondary', 'sm', 'mt-3')}>
            <ShieldCheck aria-hidden="true" className="size-4" />
            Go to the Verification Centre
          </Link>
        </Alert>
      ) : null}
      {flags.isSuccess && flags.data.can_create_team ? <TeamForm /> : null}
    </PageShell>
  );
}
