import type { PublicProfile } from '@teamhire/shared';
import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format';
import { UserAvatar } from '../../../components/ui/user-avatar';

export type ProfilePerson = Pick<
  PublicProfile['user'],
  'username' | 'full_name' | 'profile_picture_url' | 'created_at'
>;

export function displayName(person: Pick<ProfilePerson, 'username' | 'full_name'>): string {
  return person.full_name?.trim() || person.username;
}

/** Who the profile belongs to: picture or initial, name, role and how long they have been a member. */
export function ProfileHeader({
  person,
  role,
  action,
}: {
  person: ProfilePerson;
  role: ReactNode;
  action?: ReactNode;
}) {
  const name = displayName(person);
  return (
    <section
      aria-label="Profile summary"
      className="flex flex-col items-start gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center"
    >
      <UserAvatar user={person} size="lg" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-2xl font-bold text-slate-900">{name}</p>
        {name !== person.username ? <p className="truncate text-slate-600">@{person.username}</p> : null}
        <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
          <span className="inline-flex items-center rounded-full bg-indigo-50 px-2.5 py-0.5 font-semibold text-indigo-800 ring-1 ring-indigo-600/20 ring-inset">
            {role}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4 text-slate-500" />
            <span>
              Member since <time dateTime={person.created_at}>{formatDate(person.created_at)}</time>
            </span>
          </span>
        </p>
      </div>
      {action}
    </section>
  );
}
