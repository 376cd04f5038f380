import { TEAM_TEXTS, type Team, type TeamList } from '@teamhire/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorWithRetry } from '../../../components/ui/error-with-retry';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { TeamCard } from './team-card';

/**
 * A team list's loading line, its failure with Retry, its empty state and its cards, the same on
 * every finder page. `keepListOnError` keeps the teams already shown when only a refresh failed.
 */
export function TeamResults({
  teams,
  loadingText,
  empty,
  actions,
  columnsClassName = 'md:grid-cols-2 xl:grid-cols-3',
  keepListOnError = false,
}: {
  teams: UseQueryResult<TeamList>;
  loadingText: string;
  empty: ReactNode;
  actions: (team: Team) => ReactNode;
  columnsClassName?: string;
  keepListOnError?: boolean;
}) {
  const shown = keepListOnError ? teams.data : teams.isSuccess ? teams.data : undefined;
  return (
    <>
      {teams.isPending ? <LoadingStatus text={loadingText} /> : null}
      {teams.isError && !(keepListOnError && teams.data) ? (
        <ErrorWithRetry
          message={`${TEAM_TEXTS.errorLoadingTeams}: ${teams.error.message}`}
          onRetry={() => void teams.refetch()}
        />
      ) : null}
      {teams.isSuccess && teams.data.items.length === 0 ? empty : null}
      {shown && shown.items.length > 0 ? (
        <ul
          aria-label="Teams"
          aria-busy={teams.isPlaceholderData}
          className={`grid gap-6 ${columnsClassName} ${teams.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {shown.items.map((team) => (
            <li key={team.id}>
              <TeamCard team={team} actions={actions(team)} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
