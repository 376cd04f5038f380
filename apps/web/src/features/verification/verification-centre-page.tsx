import { ROLE_LABELS, ROLE_UPGRADES, VERIFICATION_TEXTS, type User, type UserRole } from '@teamhire/shared';
import { Clock, LoaderCircle } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { PageShell } from '../../components/ui/page-shell';
import { useCurrentUser } from '../../lib/queries/get-current-user';
import { RoleLabel } from '../../components/ui/role-label';
import { useMyVerificationRequests } from './api/get-my-verification-requests';
import {
  useVerificationRequestForm,
  VerificationRequestFields,
} from './components/verification-request-form';
import { MyVerificationRequestItem } from './components/verification-request-item';
import { ROLE_DESCRIPTIONS } from './role-descriptions';
import { verificationSubmitFailureMessage } from './verification-errors';

const sectionClassName = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

function RoleUpgradeForm({ upgrades, blocked }: { upgrades: readonly UserRole[]; blocked: boolean }) {
  // A single choice is no choice: it is made for the person.
  const { form, onSubmit, pending } = useVerificationRequestForm(
    upgrades.length === 1 ? upgrades[0] : undefined,
    verificationSubmitFailureMessage,
  );
  const {
    register,
    formState: { errors },
  } = form;
  const roleError = errors.requested_role?.message;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Request a role upgrade" className="flex flex-col gap-5">
      {blocked ? (
        <Alert variant="info">
          You already have a pending request. You can ask for another upgrade once it has been reviewed.
        </Alert>
      ) : null}
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={roleError ? 'requested-role-error' : undefined}
        disabled={blocked}
      >
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Role you are requesting</legend>
        {upgrades.map((role) => (
          <label
            key={role}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-4 has-checked:border-indigo-600 has-checked:bg-indigo-50 has-disabled:cursor-not-allowed has-disabled:opacity-60"
          >
            <input
              type="radio"
              value={role}
              className="mt-1 size-4 accent-indigo-600"
              {...register('requested_role')}
            />
            <span>
              <span className="block font-semibold text-slate-900">{ROLE_LABELS[role]}</span>
              <span className="block text-sm text-slate-600">{ROLE_DESCRIPTIONS[role]}</span>
            </span>
          </label>
        ))}
        {roleError ? (
          <p id="requested-role-error" className="text-sm font-medium text-red-700">
            {roleError}
          </p>
        ) : null}
      </fieldset>
      <VerificationRequestFields
        form={form}
        messageLabel="Why are you requesting this role?"
        submitLabel="Submit Request"
        pending={pending}
        disabled={blocked}
      />
    </form>
  );
}

function MyRequests() {
  const requests = useMyVerificationRequests();
  return (
    <section aria-labelledby="my-requests-heading" className={sectionClassName}>
      <h2 id="my-requests-heading" className="text-xl font-bold text-slate-900">
        My Requests
      </h2>
      <div className="mt-4">
        {requests.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-600">
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
            Loading your requests...
          </p>
        ) : null}
        {requests.isError ? (
          <ErrorWithRetry message={requests.error.message} onRetry={() => void requests.refetch()} />
        ) : null}
        {requests.isSuccess && requests.data.length === 0 ? (
          <p className="text-slate-600">You have not asked for a role upgrade yet.</p>
        ) : null}
        {requests.isSuccess && requests.data.length > 0 ? (
          <ul aria-label="My verification requests" className="-mx-5 divide-y divide-slate-100">
            {requests.data.map((request) => (
              <MyVerificationRequestItem key={request.id} request={request} />
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

function VerificationCentre({ user }: { user: User }) {
  const requests = useMyVerificationRequests();
  const upgrades = ROLE_UPGRADES[user.role];
  const hasPending = requests.data?.some((request) => request.status === 'pending') ?? false;

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="role-upgrades-heading" className={sectionClassName}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="role-upgrades-heading" className="text-xl font-bold text-slate-900">
            {upgrades.length === 0 ? VERIFICATION_TEXTS.noUpgrades : 'Request a Role Upgrade'}
          </h2>
          <p className="text-sm text-slate-600">
            Current role: <RoleLabel user={user} className="font-semibold text-slate-900" />
          </p>
        </div>
        {upgrades.length === 0 ? (
          <p className="mt-3 text-slate-600">
            Your role already includes every permission that can be requested.
          </p>
        ) : (
          <>
            <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              {VERIFICATION_TEXTS.promise}
            </p>
            <div className="mt-5">
              <RoleUpgradeForm upgrades={upgrades} blocked={hasPending} />
            </div>
          </>
        )}
      </section>
      <MyRequests />
    </div>
  );
}

/** The verification centre, where a signed-in user asks for one of the upgrades their role allows. */
export function VerificationCentrePage() {
  const user = useCurrentUser();
  return (
    <PageShell
      title="Verification Centre"
      description="Ask for a role upgrade and follow your requests. A general admin reviews each one."
    >
      {user.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
          Loading...
        </p>
      ) : null}
      {user.isError ? (
        <ErrorWithRetry message={user.error.message} onRetry={() => void user.refetch()} />
      ) : null}
      {user.isSuccess ? <VerificationCentre user={user.data} /> : null}
    </PageShell>
  );
}
