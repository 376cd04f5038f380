import {
  TEAM_FINDER_PAGE_SIZE,
  TEAM_SORT_OPTIONS,
  TEAM_TEXTS,
  type ServicePageDefinition,
} from '@teamhire/shared';
import { SearchX } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { useProjectTypes } from '../../lib/queries/get-project-types';
import { useServiceCategories } from '../../lib/queries/get-service-categories';
import { useTechnologies } from './api/get-technologies';
import { useTeams } from './api/get-teams';
import { ContactTeamButton } from '../../components/teams/contact-team-button';
import { TeamResults } from './components/team-results';
import { WidePage } from '../../components/ui/wide-page';
import { CONTACT_US_PATH } from './contact-us-path';
import {
  categoryForService,
  DEFAULT_TEAM_SORT,
  idsByName,
  readSort,
  readTeamRequirements,
  type TeamRequirements,
} from './team-requirements';

function RequirementTags({ requirements }: { requirements: TeamRequirements }) {
  const tags = [
    ...requirements.options.map((option) => ({ key: `option-${option}`, text: option, tone: 'indigo' })),
    ...requirements.technologies.map((name) => ({ key: `technology-${name}`, text: name, tone: 'slate' })),
    ...(requirements.budgetLabel
      ? [{ key: 'budget', text: `Budget: ${requirements.budgetLabel}`, tone: 'emerald' }]
      : []),
    ...(requirements.timelineLabel
      ? [{ key: 'timeline', text: `Timeline: ${requirements.timelineLabel}`, tone: 'emerald' }]
      : []),
  ];
  if (tags.length === 0) return null;
  const tones: Record<string, string> = {
    indigo: 'bg-indigo-50 text-indigo-900 ring-indigo-600/20',
    slate: 'bg-white text-slate-800 ring-slate-400/40',
    emerald: 'bg-emerald-50 text-emerald-900 ring-emerald-600/20',
  };
  return (
    <ul aria-label="Your requirements" className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li
          key={tag.key}
          className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset ${tones[tag.tone] ?? ''}`}
        >
          {tag.text}
        </li>
      ))}
    </ul>
  );
}

/** /teams: the real teams from the database for what a fixed service page asked for, sorted three ways. */
export function TeamsPage() {
  const [searchParams] = useSearchParams();
  const requirements = readTeamRequirements(searchParams);
  const { definition } = requirements;

  if (!definition) {
    return (
      <WidePage title="Service not found" back={{ to: '/', label: 'Back to Home' }}>
        <p className="text-slate-600">
          {requirements.service
            ? `We do not offer a service called '${requirements.service}'.`
            : 'No service was chosen.'}{' '}
          Pick one of our services on the home page to see the teams that deliver it.
        </p>
        <Link to="/" className={buttonClassName('primary', 'md', 'mt-6')}>
          Go to the Home Page
        </Link>
      </WidePage>
    );
  }

  return (
    <WidePage
      title={`Available Teams for ${definition.title}`}
      back={{ to: definition.path, label: `Back to ${definition.title}` }}
    >
      <MatchingTeams definition={definition} requirements={requirements} />
    </WidePage>
  );
}

function MatchingTeams({
  definition,
  requirements,
}: {
  definition: ServicePageDefinition;
  requirements: TeamRequirements;
}) {
  const [, setSearchParams] = useSearchParams();
  const sortId = useId();
  const categories = useServiceCategories();
  const category = categories.data ? categoryForService(definition, categories.data) : null;
  const categoryId = category?.id ?? 0;
  const projectTypes = useProjectTypes(category?.id);
  const technologies = useTechnologies(category ? { serviceCategoryId: category.id } : null);

  const catalogueReady = projectTypes.isSuccess && technologies.isSuccess;
  const teams = useTeams(
    {
      serviceCategoryId: categoryId,
      projectTypeIds: idsByName(requirements.options, projectTypes.data ?? []),
      technologyIds: idsByName(requirements.technologies, technologies.data ?? []),
      limit: TEAM_FINDER_PAGE_SIZE,
      sort: requirements.sort,
    },
    { enabled: category !== null && catalogueReady, keepPrevious: true },
  );

  const changeSort = (value: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        const sort = readSort(value);
        if (sort === DEFAULT_TEAM_SORT) next.delete('sort');
        else next.set('sort', sort);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const catalogueError = categories.error ?? projectTypes.error ?? technologies.error;
  if (catalogueError) {
    return (
      <ErrorWithRetry
        message={`${TEAM_TEXTS.unableToLoadService}: ${catalogueError.message}`}
        onRetry={() => {
          if (categories.isError) void categories.refetch();
          if (projectTypes.isError) void projectTypes.refetch();
          if (technologies.isError) void technologies.refetch();
        }}
      />
    );
  }
  if (categories.isSuccess && !category) {
    return (
      <div className="flex flex-col items-start gap-4">
        <p className="text-slate-600">
          {`${definition.title} is not offered at the moment. Tell us what you need and we will find a team.`}
        </p>
        <Link to={CONTACT_US_PATH} className={buttonClassName('primary')}>
          Contact Us
        </Link>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <RequirementTags requirements={requirements} />

      <div className="flex flex-wrap items-center justify-between gap-4 border-y border-slate-200 py-4">
        <p role="status" className="text-sm font-medium text-slate-700">
          {teams.isSuccess
            ? teams.data.total === 1
              ? '1 team matches your requirements'
              : `${teams.data.total} teams match your requirements`
            : 'Finding teams...'}
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm font-medium text-slate-700">
            Sort by
          </label>
          <select
            id={sortId}
            value={requirements.sort}
            onChange={(event) => changeSort(event.target.value)}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 shadow-sm"
          >
            {TEAM_SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <TeamResults
        teams={teams}
        loadingText="Loading teams..."
        actions={(team) => <ContactTeamButton team={team} />}
        empty={
          <EmptyState
            icon={SearchX}
            title="No teams match these requirements yet."
            text="Tell us about your project and we will put a team together for you."
          >
            <Link to={CONTACT_US_PATH} className={buttonClassName('primary', 'md', 'mt-5')}>
              Contact Us
            </Link>
          </EmptyState>
        }
      />
    </div>
  );
}
