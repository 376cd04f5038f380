import type { Team, TeamApplication } from '@teamhire/shared';
import { LoaderCircle, LogOut, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorWithRetry } from '../../../components/ui/error-with-retry';
import { useToast } from '../../../components/ui/toast-context';
import { formatDate } from '../../../lib/format';
import { useMemberTeams } from '../../../lib/queries/get-member-teams';
import { useMyApplications } from '../../../lib/queries/get-my-applications';
import { useLeaveTeam } from '../api/leave-team';
import { useWithdrawApplication } from '../api/withdraw-application';
import { ConfirmationDialog } from '../../../components/ui/confirmation-dialog';
import { DECISION_STATUS_BADGES, StatusBadge } from '../../../components/ui/status-badge';

export const WITHDRAW_FAILED_MESSAGE = 'Failed to withdraw application';
export const LEAVE_FAILED_MESSAGE = 'Failed to leave team';

const sectionClassName = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

function failureText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

function Loading({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-slate-600">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
      {text}
    </p>
  );
}

function AppliedTeams() {
  const applications = useMyApplications();
  const withdraw = useWithdrawApplication();
  const { showToast } = useToast();
  const [withdrawing, setWithdrawing] = useState<TeamApplication | null>(null);

  const confirmWithdrawal = () => {
    if (!withdrawing) return;
    withdraw.mutate(withdrawing.id, {
      onSuccess: () => {
        showToast({
          title: `Your application to ${withdrawing.team.name} was withdrawn`,
          variant: 'success',
        });
        setWithdrawing(null);
      },
      onError: (error) => showToast({ title: failureText(error, WITHDRAW_FAILED_MESSAGE), variant: 'error' }),
    });
  };

  return (
    <section aria-labelledby="applied-teams-heading" className={sectionClassName}>
      <h2 id="applied-teams-heading" className="text-xl font-bold text-slate-900">
        Applied Teams
      </h2>
      <div className="mt-4">
        {applications.isPending ? <Loading text="Loading your applications..." /> : null}
        {applications.isError ? (
          <ErrorWithRetry message={applications.error.message} onRetry={() => void applications.refetch()} />
        ) : null}
        {applications.isSuccess && applications.data.length === 0 ? (
          <p className="text-slate-600">
            You have not applied to any team yet.{' '}
            <Link
              to="/teams/browse"
              className="font-semibold text-indigo-700 underline hover:text-indigo-900"
            >
              Browse teams
            </Link>
          </p>
        ) : null}
        {applications.isSuccess && applications.data.length > 0 ? (
          <ul aria-label="My applications" className="flex flex-col gap-4">
            {applications.data.map((application) => (
              <li key={application.id}>
                <article
                  aria-labelledby={`my-application-${application.id}`}
                  className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 id={`my-application-${application.id}`} className="font-semibold text-slate-900">
                      {application.team.name}
                    </h3>
                    <StatusBadge status={application.status} badges={DECISION_STATUS_BADGES} />
                  </div>
                  {application.team.description ? (
                    <p className="text-sm text-slate-600">{application.team.description}</p>
                  ) : null}
                  {application.application_message ? (
                    <p className="text-sm text-slate-700">
                      <span className="font-medium">Your message: </span>
                      {application.application_message}
                    </p>
                  ) : null}
                  {application.response_message ? (
                    <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
                      <span className="font-medium">Response: </span>
                      {application.response_message}
                    </p>
                  ) : null}
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-xs text-slate-500">
                      Applied{' '}
                      <time dateTime={application.applied_at}>{formatDate(application.applied_at)}</time>
                    </p>
                    {application.status === 'pending' ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Withdraw application to ${application.team.name}`}
                        onClick={() => setWithdrawing(application)}
                      >
                        <Undo2 aria-hidden="true" className="size-4" />
                        Withdraw
                      </Button>
                    ) : null}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <ConfirmationDialog
        open={withdrawing !== null}
        onOpenChange={(open) => {
          if (!open) setWithdrawing(null);
        }}
        title="Withdraw application?"
        description={
          withdrawing
            ? `The admin of ${withdrawing.team.name} will no longer see your application.`
            : undefined
        }
        confirmLabel="Withdraw Application"
        destructive
        pending={withdraw.isPending}
        onConfirm={confirmWithdrawal}
      />
    </section>
  );
}

function EngagedTeams() {
  const teams = useMemberTeams();
  const leave = useLeaveTeam();
  const { showToast } = useToast();
  const [leaving, setLeaving] = useState<Team | null>(null);

  const confirmLeaving = () => {
    if (!leaving) return;
    leave.mutate(leaving.id, {
      onSuccess: () => {
        showToast({ title: `You left ${leaving.name}`, variant: 'success' });
        setLeaving(null);
      },
      onError: (error) => showToast({ title: failureText(error, LEAVE_FAILED_MESSAGE), variant: 'error' }),
    });
  };

  return (
    <section aria-labelledby="engaged-teams-heading" className={sectionClassName}>
      <h2 id="engaged-teams-heading" className="text-xl font-bold text-slate-900">
        Engaged Teams
      </h2>
      <div className="mt-4">
        {teams.isPending ? <Loading text="Loading your teams..." /> : null}
        {teams.isError ? (
          <ErrorWithRetry message={teams.error.message} onRetry={() => void teams.refetch()} />
        ) : null}
        {teams.isSuccess && teams.data.length === 0 ? (
          <p className="text-slate-600">You are not a member of any team yet.</p>
        ) : null}
        {teams.isSuccess && teams.data.length > 0 ? (
          <ul aria-label="Teams I belong to" className="flex flex-col gap-4">
            {teams.data.map((team) => (
              <li key={team.id}>
                <article
                  aria-labelledby={`engaged-team-${team.id}`}
                  className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 id={`engaged-team-${team.id}`} className="font-semibold text-slate-900">
                      {team.name}
                    </h3>
                    <span className="text-xs text-slate-600">{`${team.member_count}/${team.max_members} members`}</span>
                  </div>
                  {team.description ? <p className="text-sm text-slate-600">{team.description}</p> : null}
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-xs text-slate-500">{`Admin: ${team.admin.username}`}</p>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Leave ${team.name}`}
                      onClick={() => setLeaving(team)}
                    >
                      <LogOut aria-hidden="true" className="size-4" />
                      Leave Team
                    </Button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <ConfirmationDialog
        open={leaving !== null}
        onOpenChange={(open) => {
          if (!open) setLeaving(null);
        }}
        title="Leave team?"
        description={leaving ? `You will no longer be a member of ${leaving.name}.` : undefined}
        confirmLabel="Leave Team"
        destructive
        pending={leave.isPending}
        onConfirm={confirmLeaving}
      />
    </section>
  );
}

/** Part 1 §2 with decision D6: a seller's applications and teams, with withdraw and leave. */
export function SellerTeamsScreen() {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <AppliedTeams />
      <EngagedTeams />
    </div>
  );
}
