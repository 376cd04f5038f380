import type { Team, TeamAvailability } from '@teamhire/shared';
import { CalendarDays, CircleCheck, MessagesSquare, Star, UserRound, UsersRound } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { formatMoney, formatNumber } from '../../../lib/format';
import { TechnologyTags } from './technology-tags';

export const AVAILABILITY_LABELS: Record<TeamAvailability, string> = {
  available: 'Available',
  busy: 'Busy',
  unavailable: 'Unavailable',
};

const availabilityClassNames: Record<TeamAvailability, string> = {
  available: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  busy: 'bg-amber-50 text-amber-900 ring-amber-600/25',
  unavailable: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

const availabilityDotClassNames: Record<TeamAvailability, string> = {
  available: 'bg-emerald-500',
  busy: 'bg-amber-500',
  unavailable: 'bg-slate-400',
};

export function AvailabilityBadge({ availability }: { availability: TeamAvailability }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${availabilityClassNames[availability]}`}
    >
      <span
        aria-hidden="true"
        className={`size-1.5 rounded-full ${availabilityDotClassNames[availability]}`}
      />
      {AVAILABILITY_LABELS[availability]}
    </span>
  );
}

/** avg_reviews as a rating out of 5; a team nobody has reviewed yet is 'New' rather than zero stars. */
export function ratingText(metrics: Team['team_metrics']): string {
  return metrics.total_reviews > 0 ? metrics.avg_reviews.toFixed(1) : 'New';
}

export function sinceYear(createdAt: string): string {
  return `Since ${new Date(createdAt).getUTCFullYear()}`;
}

function Metric({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-lg bg-slate-50 px-3 py-2">
      <dt className="flex items-center gap-1 text-xs font-medium text-slate-600">
        {icon}
        {label}
      </dt>
      <dd className="text-base font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

export interface TeamCardProps {
  team: Team;
  /** The buttons of the screen showing the card: contact, waitlist or apply. */
  actions?: ReactNode;
  headingLevel?: 2 | 3;
}

/** Every field a buyer or a seller weighs before getting in touch. */
export function TeamCard({ team, actions, headingLevel = 3 }: TeamCardProps) {
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const metrics = team.team_metrics;
  return (
    <article
      aria-labelledby={`${id}-name`}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading id={`${id}-name`} className="text-lg font-semibold break-words text-slate-900">
            {team.name}
          </Heading>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1">
              <UsersRound aria-hidden="true" className="size-4" />
              {`${team.member_count}/${team.max_members} members`}
            </span>
            <span className="inline-flex items-center gap-1">
              <UserRound aria-hidden="true" className="size-4" />
              {`Led by ${team.admin.username}`}
            </span>
            <span className="inline-flex items-center gap-1">
              <CalendarDays aria-hidden="true" className="size-4" />
              {sinceYear(team.created_at)}
            </span>
          </p>
        </div>
        <AvailabilityBadge availability={team.availability} />
      </div>

      {team.description ? (
        <p className="mt-4 line-clamp-3 text-sm leading-relaxed text-slate-700">{team.description}</p>
      ) : null}

      <dl className="mt-4 grid grid-cols-3 gap-2">
        <Metric
          icon={<CircleCheck aria-hidden="true" className="size-3.5" />}
          label="Projects"
          value={formatNumber(metrics.total_completed_projects)}
        />
        <Metric
          icon={<Star aria-hidden="true" className="size-3.5" />}
          label="Rating"
          value={ratingText(metrics)}
        />
        <Metric
          icon={<MessagesSquare aria-hidden="true" className="size-3.5" />}
          label="Reviews"
          value={formatNumber(metrics.total_reviews)}
        />
      </dl>

      <div className="mt-4 flex flex-col gap-2">
        {team.service_category ? (
          <p>
            <span className="sr-only">Category: </span>
            <span className="inline-flex rounded-md bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-900">
              {team.service_category.name}
            </span>
          </p>
        ) : null}
        <TechnologyTags technologies={team.technologies} />
      </div>

      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-5">
        <p className="text-sm text-slate-600">
          {team.lowest_package_price === null ? (
            'No packages yet'
          ) : (
            <>
              From{' '}
              <span className="font-semibold text-slate-900">{formatMoney(team.lowest_package_price)}</span>
            </>
          )}
        </p>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </article>
  );
}
