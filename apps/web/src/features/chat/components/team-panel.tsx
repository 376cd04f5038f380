import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { teamQueryOptions } from '../../teams/api/get-team';
import { Avatar } from './avatar';

export function TeamPanel({ teamId }: { teamId: number }) {
  const team = useQuery(teamQueryOptions(teamId));
  return (
    <aside aria-label="Team information" className="flex h-full flex-col gap-4 p-4">
      <h2 className="text-sm font-semibold text-slate-900">Team</h2>
      {team.isPending ? <p className="text-sm text-slate-600">Loading team…</p> : null}
      {team.isError ? <p className="text-sm text-red-700">Failed to load the team.</p> : null}
      {team.data ? (
        <>
          <div>
            <p className="font-semibold text-slate-900">{team.data.name}</p>
            {team.data.description ? (
              <p className="mt-1 text-sm text-slate-600">{team.data.description}</p>
            ) : null}
          </div>
          <section aria-labelledby="team-panel-admin">
            <h3
              id="team-panel-admin"
              className="text-xs font-semibold tracking-wide text-slate-600 uppercase"
            >
              Team Admin
            </h3>
            <Link
              to={`/users/${team.data.admin.id}`}
              className="mt-2 flex items-center gap-2 rounded text-sm font-medium text-slate-900 hover:underline"
            >
              <Avatar name={team.data.admin.username} src={team.data.admin.profile_picture_url} />
              {team.data.admin.username}
            </Link>
          </section>
          <section aria-labelledby="team-panel-members">
            <h3
              id="team-panel-members"
              className="text-xs font-semibold tracking-wide text-slate-600 uppercase"
            >
              Members ({team.data.members.length})
            </h3>
            <ul className="mt-2 flex flex-col gap-2">
              {team.data.members.map((member) => {
                const name = member.full_name ?? member.username;
                return (
                  <li key={member.id}>
                    <Link
                      to={`/users/${member.id}`}
                      className="flex items-center gap-2 rounded text-sm text-slate-900 hover:underline"
                    >
                      <Avatar name={name} src={member.profile_picture_url} />
                      <span className="truncate">{name}</span>
                      {member.role === 'admin' ? (
                        <span className="text-xs text-slate-600">(Admin)</span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        </>
      ) : null}
    </aside>
  );
}
