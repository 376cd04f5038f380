import type { UseQueryResult } from '@tanstack/react-query';
import { MONEY_TEXTS, type Team, type TeamApplication } from '@teamhire/shared';
import { LogOut, PieChart, Undo2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorWithRetry } from '../../../components/ui/error-with-retry';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useToast } from '../../../components/ui/toast-context';
import { formatDate } from '../../../lib/format';
import { useMemberTeams } from '../../../lib/queries/get-member-teams';
import { useMyApplications } from '../../../lib/queries/get-my-applications';
import { useLeaveTeam } from '../api/leave-team';
import { useWithdrawApplication } from '../api/withdraw-application';
import { ConfirmationDialog } from '../../../components/ui/confirmation-dialog';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { PayoutSplitPanel } from './payout-split-panel';
import { DECISION_STATUS_BADGES, StatusBadge } from '../../../components/ui/status-badge';

export const WITHDRAW_FAILED_MESSAGE = 'Failed to withdraw application';
export const LEAVE_FAILED_MESSAGE = 'Failed to leave team';

function failureText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The call a confirmed choice makes with the id of the item it is about. */
interface ItemAction {
  mutate: (id: number, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

/** What is asked before an item's action runs, and what is said afterwards. */
interface Confirmation<T> {
  action: ItemAction;
  title: string;
  description: (item: T) => string;
  confirmLabel: string;
  succeeded: (item: T) => string;
  failed: string;
}

/**
 * One of the seller's lists (applications, teams): its loading, failure and empty states, and a
 * confirmation before the action of an item, which is only sent once the seller confirms it.
 */
function SellerListSection<T extends { id: number }>({
  headingId,
  heading,
  query,
  loadingText,
  empty,
  listLabel,
  confirmation,
  renderItem,
}: {
  headingId: string;
  heading: string;
  query: UseQueryResult<T[]>;
  loadingText: string;
  empty: ReactNode;
  listLabel: string;
  confirmation: Confirmation<T>;
  renderItem: (item: T, ask: () => void) => ReactNode;
}) {
  const { showToast } = useToast();
  const [target, setTarget] = useState<T | null>(null);
  const { action } = confirmation;

  const confirm = () => {
    if (!target) return;
    action.mutate(target.id, {
      onSuccess: () => {
        showToast({ title: confirmation.succeeded(target), variant: 'success' });
        setTarget(null);
      },
      onError: (error) => showToast({ title: failureText(error, confirmation.failed), variant: 'error' }),
    });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {heading}
      </h2>
      <div className="mt-4">
        {query.isPending ? <LoadingStatus text={loadingText} /> : null}
        {query.isError ? (
          <ErrorWithRetry message={query.error.message} onRetry={() => void query.refetch()} />
        ) : null}
        {query.isSuccess && query.data.length === 0 ? empty : null}
        {query.isSuccess && query.data.length > 0 ? (
          <ul aria-label={listLabel} className="flex flex-col gap-4">
            {query.data.map((item) => (
              <li key={item.id}>{renderItem(item, () => setTarget(item))}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <ConfirmationDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        title={confirmation.title}
        description={target ? confirmation.description(target) : undefined}
        confirmLabel={confirmation.confirmLabel}
        destructive
        pending={action.isPending}
        onConfirm={confirm}
      />
    </section>
  );
}

function SellerListItem({
  headingId,
  title,
  aside,
  footnote,
  action,
  children,
}: {
  headingId: string;
  title: string;
  aside: ReactNode;
  footnote: ReactNode;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {title}
        </h3>
        {aside}
      </div>
      {children}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-500">{footnote}</p>
        {action}
      </div>
    </article>
  );
}

function AppliedTeams() {
  const applications = useMyApplications();
  const withdraw = useWithdrawApplication();
  return (
    <SellerListSection<TeamApplication>
      headingId="applied-teams-heading"
      heading="Applied Teams"
      query={applications}
      loadingText="Loading your applications..."
      empty={
        <p className="text-slate-600">
          You have not applied to any team yet.{' '}
          <Link to="/teams/browse" className="font-semibold text-indigo-700 underline hover:text-indigo-900">
            Browse teams
          </Link>
        </p>
      }
      listLabel="My applications"
      confirmation={{
        action: withdraw,
        title: 'Withdraw application?',
        description: (application) =>
          `The admin of ${application.team.name} will no longer see your application.`,
        confirmLabel: 'Withdraw Application',
        succeeded: (application) => `Your application to ${application.team.name} was withdrawn`,
        failed: WITHDRAW_FAILED_MESSAGE,
      }}
      renderItem={(application, ask) => (
        <SellerListItem
          headingId={`my-application-${application.id}`}
          title={application.team.name}
          aside={<StatusBadge status={application.status} badges={DECISION_STATUS_BADGES} />}
          footnote={
            <>
              Applied <time dateTime={application.applied_at}>{formatDate(application.applied_at)}</time>
            </>
          }
          action={
            application.status === 'pending' ? (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Withdraw application to ${application.team.name}`}
                onClick={ask}
              >
                <Undo2 aria-hidden="true" className="size-4" />
                Withdraw
              </Button>
            ) : null
          }
        >
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
        </SellerListItem>
      )}
    />
  );
}

function EngagedTeams() {
  const teams = useMemberTeams();
  const leave = useLeaveTeam();
  const [splitOf, setSplitOf] = useState<Team | null>(null);
  return (
    <>
      <SellerListSection<Team>
        headingId="engaged-teams-heading"
        heading="Engaged Teams"
        query={teams}
        loadingText="Loading your teams..."
        empty={<p className="text-slate-600">You are not a member of any team yet.</p>}
        listLabel="Teams I belong to"
        confirmation={{
          action: leave,
          title: 'Leave team?',
          description: (team) => `You will no longer be a member of ${team.name}.`,
          confirmLabel: 'Leave Team',
          succeeded: (team) => `You left ${team.name}`,
          failed: LEAVE_FAILED_MESSAGE,
        }}
        renderItem={(team, ask) => (
          <SellerListItem
            headingId={`engaged-team-${team.id}`}
            title={team.name}
            aside={
              <span className="text-xs text-slate-600">{`${team.member_count}/${team.max_members} members`}</span>
            }
            footnote={`Admin: ${team.admin.username}`}
            action={
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`${MONEY_TEXTS.payoutSplitTab} of ${team.name}`}
                  onClick={() => setSplitOf(team)}
                >
                  <PieChart aria-hidden="true" className="size-4" />
                  {MONEY_TEXTS.payoutSplitTab}
                </Button>
                <Button variant="secondary" size="sm" aria-label={`Leave ${team.name}`} onClick={ask}>
                  <LogOut aria-hidden="true" className="size-4" />
                  Leave Team
                </Button>
              </div>
            }
          >
            {team.description ? <p className="text-sm text-slate-600">{team.description}</p> : null}
          </SellerListItem>
        )}
      />
      <Dialog
        open={splitOf !== null}
        onOpenChange={(open) => {
          if (!open) setSplitOf(null);
        }}
      >
        {splitOf ? (
          <DialogContent title={`${MONEY_TEXTS.payoutSplitTab} of ${splitOf.name}`}>
            <PayoutSplitPanel teamId={splitOf.id} />
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}

/**
 * A seller's applications and teams, with withdraw (while pending) and leave, so a seller is never stuck in
 * either.
 */
export function SellerTeamsScreen() {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <AppliedTeams />
      <EngagedTeams />
    </div>
  );
}
