import {
  BUDGET_OPTIONS,
  SERVICE_PAGES,
  TEAM_SORT_OPTIONS,
  TIMELINE_OPTIONS,
  type ServicePageDefinition,
} from '@teamhire/shared';

export type TeamFinderSort = (typeof TEAM_SORT_OPTIONS)[number]['value'];
export const DEFAULT_TEAM_SORT: TeamFinderSort = 'rating';

/** What a fixed service page put in the /teams query string (see build-teams-url.ts). */
export interface TeamRequirements {
  service: string | null;
  definition: ServicePageDefinition | null;
  options: string[];
  technologies: string[];
  budgetLabel: string | null;
  timelineLabel: string | null;
  sort: TeamFinderSort;
}

function commaList(value: string | null): string[] {
  if (!value) return [];
  return [...new Set(value.split(',').map((item) => item.trim()))].filter((item) => item !== '');
}

function labelOf(options: readonly { value: string; label: string }[], value: string | null): string | null {
  return options.find((option) => option.value === value)?.label ?? null;
}

export function readSort(value: string | null): TeamFinderSort {
  return TEAM_SORT_OPTIONS.find((option) => option.value === value)?.value ?? DEFAULT_TEAM_SORT;
}

export function readTeamRequirements(params: URLSearchParams): TeamRequirements {
  const service = params.get('service');
  return {
    service,
    definition: SERVICE_PAGES.find((page) => page.service === service) ?? null,
    options: commaList(params.get('options')),
    technologies: commaList(params.get('technologies')),
    budgetLabel: labelOf(BUDGET_OPTIONS, params.get('budget')),
    timelineLabel: labelOf(TIMELINE_OPTIONS, params.get('timeline')),
    sort: readSort(params.get('sort')),
  };
}

const normalised = (name: string) => name.trim().toLowerCase();

/** Catalogue ids for names from the query; a name the catalogue does not know is left out. */
export function idsByName(
  names: readonly string[],
  items: readonly { id: number; name: string }[],
): number[] {
  const ids = new Map(items.map((item) => [normalised(item.name), item.id]));
  return [
    ...new Set(
      names.flatMap((name) => {
        const id = ids.get(normalised(name));
        return id === undefined ? [] : [id];
      }),
    ),
  ];
}

/** The category a fixed service page belongs to, among the active categories. */
export function categoryForService<Category extends { name: string }>(
  definition: ServicePageDefinition,
  categories: readonly Category[],
): Category | null {
  return (
    categories.find((category) => normalised(category.name) === normalised(definition.categoryName)) ?? null
  );
}
