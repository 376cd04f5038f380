import { TEAM_TEXTS, type TeamApplication } from '@teamhire/shared';
import { Link } from 'react-router';
import { useToast } from '../../../components/ui/toast-context';
import { ApiError } from '../../../lib/api-client';
import { publicProfilePath } from '../../../lib/public-profile-path';
import { formatRelativeTime } from '../../../lib/format';
import { useRespondToApplication } from '../api/respond-to-application';
import { applicationDecisionFormSchema } from '../form-schemas';
import { DecisionActions, type Decision } from '../../../components/ui/decision-actions';

export function applicationDecisionSuccessMessage(status: Decision['status']): string {
  return `Application ${status} successfully!`;
}

function ApplicationItem({ application, teamName }: { application: TeamApplication; teamName: string }) {
  const respond = useRespondToApplication();
  const { showToast } = useToast();

  const decide = (decision: Decision) =>
    respond.mutateAsync({ applicationId: application.id, decision }).then(
      () => showToast({ title: applicationDecisionSuccessMessage(decision.status), variant: 'success' }),
      (error: unknown) => {
        showToast({
          title: TEAM_TEXTS.respondFailed,
          // The reason (a full team, an application already decided) tells the admin what to do next.
          description: error instanceof ApiError && error.detail ? error.detail : undefined,
          variant: 'error',
        });
        throw error;
      },
    );

  const { user } = application;
  return (
    <li>
      <article
        aria-labelledby={`application-${application.id}`}
        className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h4 id={`application-${application.id}`} className="font-semibold text-slate-900">
              <Link
                to={publicProfilePath(user.id)}
                className="text-indigo-700 underline hover:text-indigo-900"
              >
                {user.username}
              </Link>
            </h4>
            {user.full_name ? <p className="text-sm text-slate-600">{user.full_name}</p> : null}
          </div>
          <p className="text-xs text-slate-500">
            Applied{' '}
            <time dateTime={application.applied_at}>{formatRelativeTime(application.applied_at)}</time>
          </p>
        </div>
        <p className="text-sm whitespace-pre-line text-slate-700">
          {application.application_message || 'No message was added to this application.'}
        </p>
        <DecisionActions
          subject={`${user.username}'s application`}
          schema={applicationDecisionFormSchema}
          onDecide={decide}
          pending={respond.isPending}
          rejectTitle="Reject this application?"
          rejectDescription={`${user.username} will not join ${teamName}. They may apply again later.`}
        />
      </article>
    </li>
  );
}

export function TeamApplicationsList({
  applications,
  teamName,
}: {
  applications: readonly TeamApplication[];
  teamName: string;
}) {
  if (applications.length === 0) return <p className="text-slate-600">No pending applications.</p>;
  return (
    <ul aria-label="Pending applications" className="flex flex-col gap-4">
      {applications.map((application) => (
        <ApplicationItem key={application.id} application={application} teamName={teamName} />
      ))}
    </ul>
  );
}
