import { TEAM_TEXTS, type TeamDetail, type TeamMember } from '@teamhire/shared';
import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast-context';
import { ApiError } from '../../../lib/api-client';
import { publicProfilePath } from '../../../lib/public-profile-path';
import { formatDate } from '../../../lib/format';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { useRemoveTeamMember } from '../api/remove-team-member';
import { ConfirmationDialog } from '../../../components/ui/confirmation-dialog';

export function TeamMembersList({ team }: { team: TeamDetail }) {
  const removeMember = useRemoveTeamMember();
  const { showToast } = useToast();
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  const confirmRemoval = () => {
    if (!removing) return;
    removeMember.mutate(
      { teamId: team.id, userId: removing.id },
      {
        onSuccess: () => {
          showToast({ title: `${removing.username} was removed from ${team.name}`, variant: 'success' });
          setRemoving(null);
        },
        onError: (error) =>
          showToast({
            title: TEAM_TEXTS.removeFailed,
            description: error instanceof ApiError && error.detail ? error.detail : undefined,
            variant: 'error',
          }),
      },
    );
  };

  return (
    <>
      <ul aria-label="Team members" className="divide-y divide-slate-100">
        {team.members.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center gap-3 py-3">
            <UserAvatar user={member} size="sm" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">
                <Link
                  to={publicProfilePath(member.id)}
                  className="text-indigo-700 underline hover:text-indigo-900"
                >
                  {member.username}
                </Link>
                <span
                  className={`ml-2 rounded-full px-2 py-0.5 text-xs font-semibold ${
                    member.role === 'admin' ? 'bg-indigo-50 text-indigo-800' : 'bg-slate-100 text-slate-700'
                  }`}
                >
                  {member.role === 'admin' ? 'Admin' : 'Member'}
                </span>
              </p>
              <p className="text-xs text-slate-500">
                {member.full_name ? `${member.full_name} · ` : ''}
                Joined <time dateTime={member.joined_at}>{formatDate(member.joined_at)}</time>
              </p>
            </div>
            {/* The admin cannot be removed: a team always keeps its admin. */}
            {member.role === 'admin' ? null : (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Remove ${member.username}`}
                onClick={() => setRemoving(member)}
              >
                <UserMinus aria-hidden="true" className="size-4" />
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmationDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove team member?"
        description={
          removing ? `${removing.username} will no longer be a member of ${team.name}.` : undefined
        }
        confirmLabel="Remove Member"
        destructive
        pending={removeMember.isPending}
        onConfirm={confirmRemoval}
      />
    </>
  );
}
