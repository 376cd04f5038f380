import { zodResolver } from '@hookform/resolvers/zod';
import { VERIFICATION_TEXTS, verificationRequestCreateSchema, type User } from '@teamhire/shared';
import { BadgeCheck, Hourglass, LoaderCircle, Send } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { useToast } from '../../../components/ui/toast-context';
import { useMyVerificationRequests } from '../api/get-my-verification-requests';
import { useRequestVerification } from '../api/request-verification';
import { messageLengthHint } from '../message-length';
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
  const requestVerification = useRequestVerification();
  const { showToast } = useToast();
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(verificationRequestCreateSchema),
    defaultValues: { requested_role: 'TEAM_ADMIN', request_message: '', documents_url: '' },
  });
  const message = useWatch({ control, name: 'request_message' });

  const onSubmit = handleSubmit((request) =>
    requestVerification.mutateAsync(request).then(
      () => {
        showToast({ title: VERIFICATION_TEXTS.submitSuccess, variant: 'success' });
        reset();
      },
      (error: unknown) => showToast({ title: teamAdminApplicationFailureMessage(error), variant: 'error' }),
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Team Admin application" className="flex flex-col gap-4">
      <TextAreaField
        label="Why do you want to become a Team Admin?"
        hint={messageLengthHint(message)}
        required
        error={errors.request_message?.message}
        {...register('request_message')}
      />
      <TextField
        label="Supporting documents URL"
        optional
        type="url"
        inputMode="url"
        placeholder="https://"
        error={errors.documents_url?.message}
        {...register('documents_url')}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={requestVerification.isPending}>
          {requestVerification.isPending ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          {TEAM_ADMIN_APPLICATION_LABELS[state]}
        </Button>
      </div>
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
