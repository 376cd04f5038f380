import type { User } from '@teamhire/shared';
import { CalendarDays, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { formatDate } from '../../lib/format';
import { RoleLabel } from '../../components/ui/role-label';
import { UserAvatar } from '../../components/ui/user-avatar';

interface StatusBadge {
  text: string;
  className: string;
}

const positive = 'bg-emerald-50 text-emerald-800 ring-emerald-600/20';
const negative = 'bg-red-50 text-red-800 ring-red-600/20';
const waiting = 'bg-amber-50 text-amber-900 ring-amber-600/20';
const neutral = 'bg-slate-100 text-slate-700 ring-slate-500/20';

export function accountStatusBadge(user: Pick<User, 'is_active'>): StatusBadge {
  return user.is_active ? { text: 'ACTIVE', className: positive } : { text: 'INACTIVE', className: negative };
}

/** Role verification (a general admin approved the role), not the email address. */
export function verificationStatusBadge(
  user: Pick<User, 'is_verified' | 'verification_status'>,
): StatusBadge {
  if (user.is_verified || user.verification_status === 'approved') {
    return { text: 'Verified', className: positive };
  }
  if (user.verification_status === 'pending') return { text: 'Verification Pending', className: waiting };
  if (user.verification_status === 'rejected') return { text: 'Verification Rejected', className: negative };
  return { text: 'Not Verified', className: neutral };
}

function Badge({ badge }: { badge: StatusBadge }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${badge.className}`}
    >
      {badge.text}
    </span>
  );
}

export function ProfileOverviewCard({ user }: { user: User }) {
  return (
    <section
      aria-labelledby="profile-overview-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2
        id="profile-overview-heading"
        className="text-sm font-semibold tracking-wide text-slate-500 uppercase"
      >
        Profile overview
      </h2>
      <div className="mt-5 flex flex-col items-start gap-5 sm:flex-row sm:items-center">
        <UserAvatar user={user} size="lg" />
        <div className="w-full min-w-0 flex-1 sm:w-auto">
          <p className="truncate text-2xl font-bold text-slate-900">{user.username}</p>
          {user.full_name ? <p className="text-slate-700">{user.full_name}</p> : null}
          <p className="mt-1 flex items-center gap-1.5 text-slate-600">
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{user.email}</span>
          </p>
        </div>
        <Link to="/profile/edit" className={buttonClassName('secondary', 'sm')}>
          Edit Profile
        </Link>
      </div>
      <dl className="mt-6 grid gap-4 border-t border-slate-100 pt-5 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-xs font-medium text-slate-500">Account status</dt>
          <dd className="mt-1">
            <Badge badge={accountStatusBadge(user)} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Role</dt>
          <dd className="mt-1 text-sm font-semibold text-slate-900">
            <RoleLabel user={user} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Member since</dt>
          <dd className="mt-1 flex items-center gap-1.5 text-sm font-semibold text-slate-900">
            <CalendarDays aria-hidden="true" className="size-4 text-slate-500" />
            <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Role verification</dt>
          <dd className="mt-1">
            <Badge badge={verificationStatusBadge(user)} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
