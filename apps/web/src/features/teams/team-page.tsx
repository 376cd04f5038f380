import { TEAM_PROFILE_TEXTS as T } from '@teamhire/shared/teams-texts';
import type { ServicePackage, TeamProfile } from '@teamhire/shared';
import { ArrowLeft, LoaderCircle, Package, SearchX } from 'lucide-react';
import { useDeferredValue, useId, type ComponentType, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { buttonClassName } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { useTeamProfile } from './api/get-team-profile';
import { TeamFigures } from './components/team-figures';
import { TeamPageHeader } from './components/team-page-header';
import { TeamPageMembers } from './components/team-page-members';
import { TeamPageReviews } from './components/team-page-reviews';

/** A package card as the browse page draws it; the app passes it in (it belongs to the packages feature). */
type PackageCardComponent = ComponentType<{ item: ServicePackage }>;

const TEAMS_PATH = '/teams';

function Section({
  title,
  children,
  className = '',
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${className}`}
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 text-slate-700">{children}</div>
    </section>
  );
}

function TeamPackages({ team, PackageCard }: { team: TeamProfile; PackageCard: PackageCardComponent }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-xl font-semibold text-slate-900">
        {`Packages (${team.packages.length})`}
      </h2>
      {team.packages.length === 0 ? (
        <EmptyState icon={Package} title={T.noPackages} text="Contact the team to ask about your project." />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {team.packages.map((item) => (
            <PackageCard key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TeamProfileView({ team, PackageCard }: { team: TeamProfile; PackageCard: PackageCardComponent }) {
  return (
    <div className="mt-4 flex flex-col gap-6">
      <TeamPageHeader team={team} />
      <TeamFigures figures={team.figures} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Section title="About">
            {team.description?.trim() ? (
              <p className="break-words whitespace-pre-line">{team.description}</p>
            ) : (
              <p className="text-slate-500">This team has not written a description yet.</p>
            )}
          </Section>
          <TeamPackages team={team} PackageCard={PackageCard} />
          <TeamPageReviews team={team} />
        </div>
        <aside className="flex min-w-0 flex-col gap-6" aria-label="Team details">
          <Section title={`Members (${team.members.length})`}>
            <TeamPageMembers members={team.members} />
          </Section>
          <Section title="Technologies">
            {team.technologies.length > 0 ? (
              <ul aria-label="Technologies" className="flex flex-wrap gap-2">
                {team.technologies.map((technology) => (
                  <li
                    key={technology.id}
                    className="rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-900"
                  >
                    {technology.name}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-slate-500">No technologies listed.</p>
            )}
          </Section>
        </aside>
      </div>
    </div>
  );
}

function NotFound() {
  return (
    <div className="mt-6">
      <EmptyState
        icon={SearchX}
        title={T.notFound}
        titleAs="h2"
        text="This team does not exist or is no longer on TeamHire."
      >
        <Link to={TEAMS_PATH} className={buttonClassName('primary', 'md', 'mt-4')}>
          Find Teams
        </Link>
      </EmptyState>
    </div>
  );
}

/**
 * The public page of a team (`/teams/{id}`): who they are, what they sell, what buyers said and the
 * figures of their record, with Contact Team. Pre-rendered as it looks while loading (decision 0060).
 */
export function TeamPage({ PackageCard }: { PackageCard: PackageCardComponent }) {
  const teamId = Number(useParams().teamId);
  // Drawn in a deferred render, cut into short tasks, rather than all at once when the data arrives.
  const profile = useDeferredValue(useTeamProfile(teamId));
  const invalid = !Number.isInteger(teamId) || teamId <= 0;
  const missing =
    invalid ||
    (profile.isError && profile.error instanceof ApiError && [404, 422].includes(profile.error.status));

  return (
    <div className="bg-slate-50">
      <title>{`${profile.data?.name ?? 'Team'} · TeamHire`}</title>
      <div className="mx-auto max-w-6xl px-4 pt-8 pb-12 sm:px-6 lg:px-8">
        <nav aria-label="Team navigation">
          <Link
            to={TEAMS_PATH}
            className="-ml-1 inline-flex items-center gap-1 rounded px-1 text-sm font-medium text-slate-600 hover:text-slate-900"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            All teams
          </Link>
        </nav>
        {missing ? (
          <NotFound />
        ) : profile.isError ? (
          <ErrorWithRetry className="mt-6" message={T.loadFailed} onRetry={() => void profile.refetch()} />
        ) : profile.isPending ? (
          // As tall as the screen: the footer stays below it, and does not jump when the team arrives.
          <div className="min-h-screen">
            <p role="status" className="mt-6 flex items-center gap-2 text-slate-600">
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
              Loading team...
            </p>
          </div>
        ) : (
          <TeamProfileView team={profile.data} PackageCard={PackageCard} />
        )}
      </div>
    </div>
  );
}
