import type { TeamDetail } from '@teamhire/shared';
import { formatDate, formatNumber } from '../../../lib/format';
import { TeamReviews } from '../../../components/reviews/team-reviews';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

export function TeamOverview({ team }: { team: TeamDetail }) {
  const metrics = team.team_metrics;
  return (
    <div className="flex flex-col gap-6">
      <p className="whitespace-pre-line text-slate-700">{team.description || 'No description yet.'}</p>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label="Service category" value={team.service_category?.name ?? 'Not set'} />
        <Fact label="Project type" value={team.project_type?.name ?? 'Not set'} />
        <Fact label="Project sub-type" value={team.project_sub_type?.name ?? 'Not set'} />
        <Fact label="Members" value={`${team.member_count}/${team.max_members}`} />
        <Fact label="Status" value={team.is_active ? 'Active' : 'Inactive'} />
        <Fact label="Created" value={formatDate(team.created_at)} />
        <Fact label="Completed projects" value={formatNumber(metrics.total_completed_projects)} />
        <Fact
          label="Rating"
          value={
            metrics.total_reviews === 0
              ? 'No reviews yet'
              : `${metrics.avg_reviews.toFixed(1)} (${formatNumber(metrics.total_reviews)} reviews)`
          }
        />
      </dl>
      <div>
        <h3 className="text-xs font-medium text-slate-500">Technologies</h3>
        {team.technologies.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">None chosen.</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2">
            {team.technologies.map((technology) => (
              <li
                key={technology.id}
                className="rounded-full bg-indigo-50 px-3 py-1 text-xs font-semibold text-indigo-800"
              >
                {technology.name}
              </li>
            ))}
          </ul>
        )}
      </div>
      <TeamReviews teamId={team.id} />
    </div>
  );
}
