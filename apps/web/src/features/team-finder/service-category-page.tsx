import { TEAM_FINDER_PAGE_SIZE, TEAM_TEXTS, type ProjectType, type ServiceCategory } from '@teamhire/shared';
import { ArrowLeft, ArrowRight, Mail, RotateCcw, SearchX } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { ApiError } from '../../lib/api-client';
import { useProjectSubTypes } from '../../lib/queries/get-project-sub-types';
import { useProjectTypes } from '../../lib/queries/get-project-types';
import { useServiceCategory } from './api/get-service-category';
import { useTechnologies } from './api/get-technologies';
import { useTeams } from './api/get-teams';
import {
  ChoiceCardGroup,
  ChoiceChipGroup,
  type ChoiceGroupProps,
  type ChoiceItem,
} from './components/choice-groups';
import { ContactTeamButton } from '../../components/teams/contact-team-button';
import { TeamResults } from './components/team-results';
import { LoadingStatus } from '../../components/ui/loading-status';
import { TagList } from './components/tag-list';
import { CONTACT_US_PATH } from './contact-us-path';
import {
  chosenNames,
  EMPTY_SELECTION,
  firstChosen,
  isEmptySelection,
  toggleProjectType,
  toggleSubType,
  toggleTechnology,
  type ChainSelection,
} from './selection-chain';

function parseCategoryId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** A step whose choices load on demand: it waits, offers a retry, says there is nothing to choose, or shows them. */
function LoadedChoices<T extends ChoiceItem>({
  query,
  loadingText,
  emptyText,
  Group,
  ...group
}: Omit<ChoiceGroupProps, 'items'> & {
  query: UseQueryResult<T[]>;
  loadingText: string;
  emptyText: string;
  Group: (props: ChoiceGroupProps) => ReactNode;
}) {
  return (
    <div>
      {query.isPending ? <LoadingStatus text={loadingText} /> : null}
      {query.isError ? (
        <ErrorWithRetry message={query.error.message} onRetry={() => void query.refetch()} />
      ) : null}
      {query.isSuccess && query.data.length === 0 ? <p className="text-slate-600">{emptyText}</p> : null}
      {query.isSuccess && query.data.length > 0 ? <Group {...group} items={query.data} /> : null}
    </div>
  );
}

function SelectionTerm({ term, items, empty }: { term: string; items: readonly string[]; empty: string }) {
  return (
    <div>
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="mt-1">
        <TagList items={items} empty={empty} />
      </dd>
    </div>
  );
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <Button variant="ghost" size="sm" className="-ml-3" onClick={() => void navigate('/')}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Services
    </Button>
  );
}

function StatePanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <title>{`${title} · TeamHire`}</title>
      <BackButton />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-6 flex flex-col gap-6">{children}</div>
    </div>
  );
}

/** The way out of a dead end: ask the team for what the catalogue does not offer. */
function ContactUsLink() {
  return (
    <Link to={CONTACT_US_PATH} className={buttonClassName('secondary')}>
      Contact Us
    </Link>
  );
}

function ServiceNotAvailable() {
  return (
    <StatePanel title={TEAM_TEXTS.serviceNotAvailable}>
      <p className="text-slate-600">
        This service is not offered at the moment. Browse the other services, or tell us what you need.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/" className={buttonClassName('primary')}>
          Browse Services
        </Link>
        <ContactUsLink />
      </div>
    </StatePanel>
  );
}

function ServiceLoadError({
  errors,
  onRetry,
}: {
  errors: { source: string; message: string }[];
  onRetry: () => void;
}) {
  return (
    <StatePanel title={TEAM_TEXTS.unableToLoadService}>
      <Alert variant="error">
        <ul className="flex flex-col gap-1">
          {errors.map((error) => (
            <li key={error.source}>{`${error.source}: ${error.message}`}</li>
          ))}
        </ul>
      </Alert>
      <div className="flex flex-wrap gap-3">
        <Button onClick={onRetry}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Retry
        </Button>
        <Link to="/" className={buttonClassName('secondary')}>
          Back to Services
        </Link>
        <ContactUsLink />
      </div>
    </StatePanel>
  );
}

/**
 * /service/{categoryId} (a package has its own /service-package path): choose what to build, then find the
 * teams that build it.
 */
export function ServiceCategoryPage() {
  const categoryId = parseCategoryId(useParams().categoryId);
  const category = useServiceCategory(categoryId ?? 0, { enabled: categoryId !== null });
  const projectTypes = useProjectTypes(categoryId);

  if (categoryId === null) return <ServiceNotAvailable />;
  const notFound =
    (category.isError && category.error instanceof ApiError && category.error.status === 404) ||
    (category.isSuccess && !category.data.is_active);
  if (notFound) return <ServiceNotAvailable />;

  if (category.isError || projectTypes.isError) {
    const errors = [
      category.isError ? { source: 'Service category', message: category.error.message } : null,
      projectTypes.isError ? { source: 'Project types', message: projectTypes.error.message } : null,
    ].filter((error) => error !== null);
    return (
      <ServiceLoadError
        errors={errors}
        onRetry={() => {
          if (category.isError) void category.refetch();
          if (projectTypes.isError) void projectTypes.refetch();
        }}
      />
    );
  }

  if (category.isPending || projectTypes.isPending) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <LoadingStatus text="Loading service details..." />
      </div>
    );
  }

  // Keyed so that another category starts with a clean selection.
  return (
    <ServiceCategoryFinder key={category.data.id} category={category.data} projectTypes={projectTypes.data} />
  );
}

function ServiceCategoryFinder({
  category,
  projectTypes,
}: {
  category: ServiceCategory;
  projectTypes: readonly ProjectType[];
}) {
  const [selection, setSelection] = useState<ChainSelection>(EMPTY_SELECTION);
  /** The technologies of the last search; null until 'Find Available Teams' is pressed. */
  const [searchedTechnologyIds, setSearchedTechnologyIds] = useState<readonly number[] | null>(null);
  const resultsRef = useRef<HTMLElement>(null);

  const firstTypeId = firstChosen(selection.projectTypeIds);
  const firstSubTypeId = firstChosen(selection.subTypeIds);
  const subTypes = useProjectSubTypes(firstTypeId);
  const technologies = useTechnologies(firstSubTypeId === null ? null : { projectSubTypeId: firstSubTypeId });
  const teams = useTeams(
    {
      serviceCategoryId: category.id,
      technologyIds: searchedTechnologyIds ?? [],
      limit: TEAM_FINDER_PAGE_SIZE,
      activeOnly: true,
      sort: 'rating',
    },
    { enabled: searchedTechnologyIds !== null },
  );

  const firstType = projectTypes.find((type) => type.id === firstTypeId) ?? null;
  const firstSubType = subTypes.data?.find((subType) => subType.id === firstSubTypeId) ?? null;

  const findTeams = () => {
    setSearchedTechnologyIds(selection.technologyIds);
    // The results are below the fold on small screens; take the person there.
    window.requestAnimationFrame(() =>
      resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
    );
  };

  const resetSelections = () => {
    setSelection(EMPTY_SELECTION);
    setSearchedTechnologyIds(null);
  };

  return (
    <>
      <title>{`${category.name} · TeamHire`}</title>
      <div className="border-b border-slate-200 bg-gradient-to-br from-indigo-50 via-white to-emerald-50">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
          <BackButton />
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {category.name}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-600">
            {category.description?.trim() || 'Professional services in this category'}
          </p>
        </div>
      </div>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-3 lg:px-8">
        <div className="space-y-10 lg:col-span-2">
          {projectTypes.length === 0 ? (
            <p className="text-slate-600">No project types are listed for this service yet.</p>
          ) : (
            <ChoiceCardGroup
              legend="Project Types"
              hint="Choose one or more kinds of project. The first one you choose opens its sub-types."
              items={projectTypes}
              selected={selection.projectTypeIds}
              onToggle={(id) => setSelection((current) => toggleProjectType(current, id))}
            />
          )}

          {firstType ? (
            <LoadedChoices
              query={subTypes}
              loadingText="Loading sub-types..."
              emptyText={`${firstType.name} has no sub-types to choose from.`}
              Group={ChoiceCardGroup}
              legend={`${firstType.name}: Sub-types`}
              hint="Narrow it down. The first sub-type you choose offers its preferred technologies."
              selected={selection.subTypeIds}
              onToggle={(id) => setSelection((current) => toggleSubType(current, id))}
            />
          ) : null}

          {firstSubType ? (
            <LoadedChoices
              query={technologies}
              loadingText="Loading technologies..."
              emptyText={`No preferred technologies are listed for ${firstSubType.name}.`}
              Group={ChoiceChipGroup}
              legend="Preferred Technologies"
              hint="Optional. Teams working with at least one of these are shown."
              selected={selection.technologyIds}
              onToggle={(id) => setSelection((current) => toggleTechnology(current, id))}
            />
          ) : null}
        </div>

        <aside aria-labelledby="category-selection-heading" className="flex flex-col gap-6 lg:col-span-1">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="category-selection-heading" className="text-lg font-semibold text-slate-900">
              Your Selection
            </h2>
            <dl className="mt-4 space-y-4 text-sm">
              <SelectionTerm
                term="Project types"
                items={chosenNames(selection.projectTypeIds, projectTypes)}
                empty="Any project type"
              />
              <SelectionTerm
                term="Sub-types"
                items={chosenNames(selection.subTypeIds, subTypes.data ?? [])}
                empty="Any sub-type"
              />
              <SelectionTerm
                term="Technologies"
                items={chosenNames(selection.technologyIds, technologies.data ?? [])}
                empty="Any technology"
              />
            </dl>
            <div className="mt-6 flex flex-col gap-3">
              <Button size="lg" onClick={findTeams}>
                Find Available Teams
                <ArrowRight aria-hidden="true" className="size-5" />
              </Button>
              <Button
                variant="ghost"
                disabled={isEmptySelection(selection) && searchedTechnologyIds === null}
                onClick={resetSelections}
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                Reset Selections
              </Button>
            </div>
          </div>

          <div className="rounded-2xl border border-indigo-100 bg-indigo-50 p-6">
            <h2 className="text-lg font-semibold text-indigo-950">Need Something Different?</h2>
            <p className="mt-2 text-sm text-indigo-950">
              Tell us about your project and we will put together a team that fits it.
            </p>
            <Link to={CONTACT_US_PATH} className={buttonClassName('secondary', 'md', 'mt-4')}>
              <Mail aria-hidden="true" className="size-4" />
              Contact Us
            </Link>
          </div>
        </aside>
      </div>

      {searchedTechnologyIds === null ? null : (
        <section
          ref={resultsRef}
          aria-labelledby="category-results-heading"
          className="scroll-mt-24 border-t border-slate-200 bg-slate-50"
        >
          <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="category-results-heading" className="text-2xl font-bold text-slate-900">
                Available Teams
              </h2>
              {teams.isSuccess ? (
                <p role="status" className="text-sm text-slate-600">
                  {teams.data.total === 1 ? '1 team found' : `${teams.data.total} teams found`}
                </p>
              ) : null}
            </div>
            <div className="mt-6">
              <TeamResults
                teams={teams}
                loadingText="Finding teams..."
                actions={(team) => <ContactTeamButton team={team} />}
                empty={
                  <EmptyState
                    icon={SearchX}
                    title={TEAM_TEXTS.noTeamsFound}
                    text="Try fewer technologies, or let us assemble a custom team for you."
                  >
                    <Link to={CONTACT_US_PATH} className={buttonClassName('primary', 'md', 'mt-5')}>
                      Request a Custom Team
                    </Link>
                  </EmptyState>
                }
              />
            </div>
          </div>
        </section>
      )}
    </>
  );
}
