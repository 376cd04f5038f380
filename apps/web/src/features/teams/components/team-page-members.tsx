import type { TeamProfileMember } from '@teamhire/shared';
import { Link } from 'react-router';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { publicProfilePath } from '../../../lib/public-profile-path';

const ROLE_LABELS: Record<TeamProfileMember['role'], string> = { admin: 'Team Admin', member: 'Team Member' };

/** The people behind the team, each linking to their professional profile. */
export function TeamPageMembers({ members }: { members: TeamProfileMember[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {members.map((member) => (
        <li key={member.id} className="flex min-w-0 items-center gap-3">
          <UserAvatar user={{ username: member.display_name, profile_picture_url: member.avatar_url }} />
          <div className="min-w-0">
            <Link
              to={publicProfilePath(member.id)}
              className="block truncate font-medium text-slate-900 underline-offset-2 hover:text-indigo-700 hover:underline"
            >
              {member.display_name}
            </Link>
            <p className="text-sm text-slate-600">{ROLE_LABELS[member.role]}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
