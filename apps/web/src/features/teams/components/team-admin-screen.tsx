import { TEAM_TEXTS } from '@teamhire/shared';
import { LoaderCircle, Plus, UsersRound } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { ErrorWithRetry } from '../../../components/ui/error-with-retry';
import { useMyTeams } from '../../../lib/queries/get-my-teams';
import { TeamDetailPanel } from './team-detail-panel';

export const SELECTED_TEAM_PARAM = 'team';

/** The team admin's own teams beside the chosen team's detail. */
export function TeamAdminScreen({ canCreateTeam }: { canCreateTeam: boolean }) {
  const teams = useMyTeams();
  const [searchParams] = useSearchParams();

  if (teams.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
        Loading your teams...
      </p>
    );
  }
  if (teams.isError) {
    return <ErrorWithRetry message={TEAM_TEXTS.loadFailed} onRetry={() => void teams.refetch()} />;
  }
  if (teams.data.length === 0) {
    return (
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <UsersRound aria-hidden="true" className="mx-auto size-10 text-slate-400" />
        <p className="mt-3 text-lg font-semibold text-slate-900">You don&apos;t run any teams yet.</p>
        {canCreateTeam ? (
          <Link to="/teams/create" className={buttonClassName('primary', 'md', 'mt-4')}>
            <Plus aria-hidden="true" className="size-4" />
            Create Team
          </Link>
        ) : (
          <p className="mt-2 text-slate-600">Once your Team Admin role is verified you can create one.</p>
        )}
      </div>
    );
  }

  const requested = Number(searchParams.get(SELECTED_TEAM_PARAM));
  const selected = teams.data.find((team) => team.id === requested) ?? teams.data[0]!;

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <nav aria-label="My teams" className="rounded-2xl border border-slate-200 bg-white p-2 shadow-sm">
        <ul className="flex flex-col gap-1">
          {teams.data.map((team) => {
            const current = team.id === selected.id;
            return (
              <li key={team.id}>
                <Link
                  to={`?${SELECTED_TEAM_PARAM}=${team.id}`}
                  replace
                  aria-current={current ? 'page' : undefined}
                  className={`flex flex-col rounded-xl px-4 py-3 ${
                    current ? 'bg-indigo-50 text-indigo-900' : 'text-slate-800 hover:bg-slate-50'
                  }`}
                >
                  <span className="font-semibold">{team.name}</span>
                  <span className="text-xs text-slate-600">
                    {`${team.member_count}/${team.max_members} members${team.is_active ? '' : ' · Inactive'}`}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <TeamDetailPanel key={selected.id} teamId={selected.id} />
    </div>
  );
}
