import { useQuery } from '@tanstack/react-query';
import { Package } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/format';
import { teamQueryOptions } from '../../../lib/queries/get-team';
import { teamPackagesQueryOptions } from '../chat-api';
import { Avatar } from './avatar';

/** The team's published packages, loaded when asked for. */
function TeamPackages({ teamId }: { teamId: number }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const packages = useQuery({ ...teamPackagesQueryOptions(teamId), enabled: open });
  return (
    <section>
      <Button
        variant="secondary"
        size="sm"
        className="w-full"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <Package aria-hidden="true" className="size-4" />
        Packages from this Team
      </Button>
      <div id={listId} hidden={!open} className="mt-3">
        {packages.isPending && open ? <p className="text-sm text-slate-600">Loading packages…</p> : null}
        {packages.isError ? <p className="text-sm text-red-700">Failed to load the packages.</p> : null}
        {packages.data?.length === 0 ? (
          <p className="text-sm text-slate-600">This team has no published packages yet.</p>
        ) : null}
        {packages.data && packages.data.length > 0 ? (
          <ul aria-label="Packages from this Team" className="flex flex-col gap-2">
            {packages.data.map((item) => (
              <li key={item.id}>
                <Link
                  to={`/service-package/${item.id}`}
                  className="block rounded-lg border border-slate-200 px-3 py-2 text-sm hover:border-indigo-300 hover:bg-indigo-50"
                >
                  <span className="block font-medium text-slate-900">{item.title}</span>
                  <span className="text-xs text-slate-600">
                    {formatMoney(item.price)} · {item.duration_days} days
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

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
            <Link
              to={`/teams/${team.data.id}`}
              className="font-semibold text-slate-900 underline-offset-2 hover:text-indigo-700 hover:underline"
            >
              {team.data.name}
            </Link>
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
          <TeamPackages teamId={teamId} />
        </>
      ) : null}
    </aside>
  );
}
