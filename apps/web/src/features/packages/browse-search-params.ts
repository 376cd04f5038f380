import { PACKAGE_SORTS, type PackageSort, type PackageSearch } from '@teamhire/shared';

/** The typed filters, as text, exactly as the fields hold them. */
export interface SearchInputs {
  search_term: string;
  tags: string;
  min_price: string;
  max_price: string;
  max_duration: string;
  team_name: string;
  /** A service category id, or '' for every category. */
  category: string;
}

export const EMPTY_INPUTS: SearchInputs = {
  search_term: '',
  tags: '',
  min_price: '',
  max_price: '',
  max_duration: '',
  team_name: '',
  category: '',
};

/** What a browse shows: the typed filters, the order and the page (0-based). */
export interface BrowseState {
  inputs: SearchInputs;
  sort: PackageSort;
  page: number;
}

/**
 * The URL's name for each input: short where a person reads and shares the link (`q`, `team`), the
 * API's name otherwise.
 */
const PARAMETER: Record<keyof SearchInputs, string> = {
  search_term: 'q',
  tags: 'tags',
  min_price: 'min_price',
  max_price: 'max_price',
  max_duration: 'max_duration',
  team_name: 'team',
  category: 'category',
};

const isSort = (value: string | null): value is PackageSort =>
  (PACKAGE_SORTS as readonly string[]).includes(value ?? '');

/** The browse a URL describes; anything it cannot read (an unknown order, page 0) is the default. */
export function readBrowseState(params: URLSearchParams): BrowseState {
  const inputs = { ...EMPTY_INPUTS };
  for (const field of Object.keys(PARAMETER) as (keyof SearchInputs)[]) {
    inputs[field] = params.get(PARAMETER[field]) ?? '';
  }
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    inputs,
    sort: isSort(sort) ? sort : 'relevance',
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
  };
}

/** The URL of a browse: only what differs from the defaults, so the plain page has a plain link. */
export function writeBrowseState(state: BrowseState): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of Object.keys(PARAMETER) as (keyof SearchInputs)[]) {
    if (state.inputs[field] !== '') params.set(PARAMETER[field], state.inputs[field]);
  }
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 0) params.set('page', String(state.page + 1));
  return params;
}

/** The filters that narrow the results (not the search text or the order), for the Filters button. */
export function countActiveFilters(inputs: SearchInputs): number {
  const filters: (keyof SearchInputs)[] = [
    'tags',
    'min_price',
    'max_price',
    'max_duration',
    'team_name',
    'category',
  ];
  return filters.filter((field) => inputs[field].trim() !== '').length;
}

function positiveNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** What the typed filters and the order ask the server for; empty fields ask for nothing. */
export function toSearchCriteria(
  inputs: SearchInputs,
  sort: PackageSort = 'relevance',
): {
  criteria: PackageSearch;
  priceRangeInvalid: boolean;
} {
  const criteria: PackageSearch = {};
  const term = inputs.search_term.trim();
  if (term) criteria.search_term = term;
  const tags = inputs.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  if (tags.length > 0) criteria.tags = tags;
  const minPrice = positiveNumber(inputs.min_price);
  const maxPrice = positiveNumber(inputs.max_price);
  const priceRangeInvalid = minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice;
  if (!priceRangeInvalid) {
    if (minPrice !== undefined) criteria.min_price = minPrice;
    if (maxPrice !== undefined) criteria.max_price = maxPrice;
  }
  const maxDuration = positiveNumber(inputs.max_duration);
  if (maxDuration !== undefined && maxDuration >= 1) criteria.max_duration = Math.floor(maxDuration);
  const teamName = inputs.team_name.trim();
  if (teamName) criteria.team_name = teamName;
  const category = Number(inputs.category);
  if (inputs.category !== '' && Number.isInteger(category) && category > 0) criteria.category_id = category;
  if (sort !== 'relevance') criteria.sort = sort;
  return { criteria, priceRangeInvalid };
}
