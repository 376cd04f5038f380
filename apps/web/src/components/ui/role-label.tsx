import type { User } from '@teamhire/shared';
import { BadgeCheck } from 'lucide-react';
import { isVerifiedTeamAdmin, ROLE_LABELS } from '../../lib/roles';

export function RoleLabel({
  user,
  className = '',
}: {
  user: Pick<User, 'role' | 'is_verified'>;
  className?: string;
}) {
  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
      {ROLE_LABELS[user.role]}
      {isVerifiedTeamAdmin(user) ? (
        <>
          <BadgeCheck aria-hidden="true" className="size-4 text-emerald-600" />
          <span className="sr-only">(verified)</span>
        </>
      ) : null}
    </span>
  );
}
