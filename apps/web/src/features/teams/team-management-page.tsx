import { LoaderCircle, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { buttonClassName } from '../../components/ui/button';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { useCurrentUser } from '../../lib/queries/get-current-user';
import { useNavigationFlags } from '../../lib/queries/get-navigation';
import { SellerTeamsScreen } from './components/seller-teams-screen';
import { TeamAdminScreen } from './components/team-admin-screen';
import { WidePage } from '../../components/ui/wide-page';
import { chooseTeamScreen, TEAM_SCREEN_DENIED_TEXTS, type TeamScreenPath } from './team-screen';

/**
 * /teams/manage and /teams/my-teams: the screen follows the person, not the path, since both paths are in
 * use.
 */
export function TeamManagementPage({ path }: { path: TeamScreenPath }) {
  const user = useCurrentUser();
  const flags = useNavigationFlags();

  if (user.isPending || flags.isPending) {
    return (
      <WidePage title="Teams">
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
          Loading...
        </p>
      </WidePage>
    );
  }
  if (user.isError || flags.isError) {
    return (
      <WidePage title="Teams">
        <ErrorWithRetry
          message={(user.error ?? flags.error)?.message ?? ''}
          onRetry={() => {
            void user.refetch();
            void flags.refetch();
          }}
        />
      </WidePage>
    );
  }

  const screen = chooseTeamScreen(flags.data, user.data);
  if (screen === 'team-admin') {
    return (
      <WidePage
        title="Team Management"
        description="Your teams, their applications and their members."
        actions={
          flags.data.can_create_team ? (
            <Link to="/teams/create" className={buttonClassName('primary')}>
              <Plus aria-hidden="true" className="size-4" />
              Create Team
            </Link>
          ) : null
        }
      >
        <TeamAdminScreen canCreateTeam={flags.data.can_create_team} />
      </WidePage>
    );
  }
  if (screen === 'seller') {
    return (
      <WidePage title="My Teams" description="The teams you applied to and the teams you belong to.">
        <SellerTeamsScreen />
      </WidePage>
    );
  }
  return (
    <WidePage title="Teams">
      <Alert variant="error">{TEAM_SCREEN_DENIED_TEXTS[path]}</Alert>
    </WidePage>
  );
}
