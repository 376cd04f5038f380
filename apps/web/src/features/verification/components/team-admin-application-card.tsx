import { VERIFICATION_TEXTS, type User } from '@teamhire/shared';
import { BadgeCheck, Hourglass, LoaderCircle, Send } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useVerificationRequestForm, VerificationRequestFields } from './verification-request-form';
import { useMyVerificationRequests } from '../api/get-my-verification-requests';
import {
  canApplyForTeamAdmin,
  latestTeamAdminRequest,
  TEAM_ADMIN_APPLICATION_LABELS,
  teamAdminApplicationState,
  type TeamAdminApplicationState,
} from '../team-admin-application';
import { teamAdminApplicationFailureMessage } from '../verification-errors';

const stateIcons: Record<TeamAdminApplicationState, typeof Send> = {
  none: Send,
  rejected: Send,
  pending: Hourglass,
  verified: BadgeCheck,
};

function ApplicationForm({ state }: { state: 'none' | 'rejected' }) {
  const { form, onSubmit, pending } = useVerificationRequestForm(
    'TEAM_ADMIN',
    teamAdminApplicationFailureMessage,
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Team Admin application" className="flex flex-col gap-4">
      <VerificationRequestFields
        form={form}
        messageLabel="Why do you want to become a Team Admin?"
        submitLabel={TEAM_ADMIN_APPLICATION_LABELS[state]}
        pending={pending}
      />
    </form>
  );
}

/**
 * A seller asks to become a team admin; a general admin's approval changes the role. Its state comes from the
 * team-admin requests; if they cannot be read, the user's verification status is the best guess.
 */
export function TeamAdminApplicationCard({ user }: { user: User }) {
  const requests = useMyVerificationRequests();
  const state = teamAdminApplicationState(user, requests.data);
  const latest = latestTeamAdminRequest(requests.data);
  const StateIcon = stateIcons[state];

  return (
    <section
      aria-labelledby="team-admin-application-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2
        id="team-admin-application-heading"
        className="text-sm font-semibold tracking-wide text-slate-500 uppercase"
      >
        Team Admin application
      </h2>
      <p className="mt-3 text-slate-700">
        Team admins create teams, review join applications and sell service packages. Tell us why you would
        like to run a team. {VERIFICATION_TEXTS.promise}
      </p>
      {requests.isPending ? (
        <p role="status" className="mt-5 flex items-center gap-2 text-sm text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          Loading your application...
        </p>
      ) : (
        <div className="mt-5">
          {state === 'rejected' ? (
            <Alert variant="info" className="mb-4">
              {latest?.response_message
                ? `Your previous application was not approved: ${latest.response_message}`
                : 'Your previous application was not approved. You may apply again.'}
            </Alert>
          ) : null}
          {state === 'pending' ? (
            <p className="mb-4 text-sm text-slate-600">
              Your application is waiting for a general admin. We will update this card once it is reviewed.
            </p>
          ) : null}
          {state === 'verified' ? (
            <p className="mb-4 text-sm text-slate-600">
              You are a verified Team Admin.{' '}
              <Link
                to="/teams/create"
                className="font-semibold text-indigo-700 underline hover:text-indigo-900"
              >
                Create a team
              </Link>{' '}
              to start.
            </p>
          ) : null}
          {canApplyForTeamAdmin(state) ? (
            <ApplicationForm state={state === 'rejected' ? 'rejected' : 'none'} />
          ) : (
            <div className="flex justify-end">
              <Button disabled>
                <StateIcon aria-hidden="true" className="size-4" />
                {TEAM_ADMIN_APPLICATION_LABELS[state]}
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
