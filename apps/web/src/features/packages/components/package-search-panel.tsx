import { PACKAGE_BROWSE_PAGE_SIZE, PACKAGE_TEXTS, type PackageSearch } from '@teamhire/shared';
import { ChevronLeft, ChevronRight, LoaderCircle, Search } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorWithRetry } from '../../../components/ui/error-with-retry';
import { TextField } from '../../../components/ui/form-field';
import { useBrowsePackages } from '../api/search-packages';
import { useDebouncedValue } from '../use-debounced-value';
import { PackageCard } from './package-card';

/** The search waits until typing has paused this long, so a word costs one request, not one per key. */
export const SEARCH_DEBOUNCE_MS = 500;
export const PRICE_RANGE_MESSAGE = 'The minimum price cannot be above the maximum';

export interface SearchInputs {
  search_term: string;
  tags: string;
  min_price: string;
  max_price: string;
  max_duration: string;
  team_name: string;
}

const EMPTY_INPUTS: SearchInputs = {
  search_term: '',
  tags: '',
  min_price: '',
  max_price: '',
  max_duration: '',
  team_name: '',
};

function positiveNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** What the typed filters ask the server for; empty fields ask for nothing. */
export function toSearchCriteria(inputs: SearchInputs): {
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
  return { criteria, priceRangeInvalid };
}

/**
 * Search and filters over the published packages with paged results:
 * used by /services/browse and by the buyer service page.
 */
export function PackageSearchPanel({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const [inputs, setInputs] = useState<SearchInputs>(EMPTY_INPUTS);
  const settled = useDebouncedValue(inputs, SEARCH_DEBOUNCE_MS);
  const { criteria, priceRangeInvalid } = toSearchCriteria(settled);
  const criteriaKey = JSON.stringify(criteria);
  // A new search starts again at the first page; the page belongs to the criteria it was chosen for.
  const [paging, setPaging] = useState({ key: criteriaKey, page: 0 });
  const page = paging.key === criteriaKey ? paging.page : 0;
  const results = useBrowsePackages(criteria, page * PACKAGE_BROWSE_PAGE_SIZE, PACKAGE_BROWSE_PAGE_SIZE);
  const filtersId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const change = (field: keyof SearchInputs) => (event: ChangeEvent<HTMLInputElement>) =>
    setInputs((current) => ({ ...current, [field]: event.target.value }));
  const pageCount = results.data ? Math.max(1, Math.ceil(results.data.total / PACKAGE_BROWSE_PAGE_SIZE)) : 1;
  const goTo = (next: number) => setPaging({ key: criteriaKey, page: next });

  return (
    <div className="flex flex-col gap-6">
      <div
        role="search"
        aria-label="Search services"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <TextField
          label="Search services"
          type="search"
          placeholder="Try 'landing page' or 'mobile app'"
          startIcon={<Search aria-hidden="true" className="size-4" />}
          value={inputs.search_term}
          onChange={change('search_term')}
        />
        <fieldset className="mt-4" aria-describedby={filtersId}>
          <legend className="text-sm font-semibold text-slate-900">Filters</legend>
          <p id={filtersId} className="sr-only">
            Every filter narrows the results; leave a field empty to ignore it.
          </p>
          <div className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            <TextField
              label="Tags"
              hint="Comma-separated; any of them"
              value={inputs.tags}
              onChange={change('tags')}
            />
            <TextField
              label="Min price (USD)"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={inputs.min_price}
              onChange={change('min_price')}
              error={priceRangeInvalid ? PRICE_RANGE_MESSAGE : undefined}
            />
            <TextField
              label="Max price (USD)"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={inputs.max_price}
              onChange={change('max_price')}
            />
            <TextField
              label="Max duration (days)"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={inputs.max_duration}
              onChange={change('max_duration')}
            />
            <TextField label="Team name" value={inputs.team_name} onChange={change('team_name')} />
          </div>
        </fieldset>
        {JSON.stringify(inputs) !== JSON.stringify(EMPTY_INPUTS) ? (
          <Button variant="ghost" size="sm" className="mt-3" onClick={() => setInputs(EMPTY_INPUTS)}>
            Clear filters
          </Button>
        ) : null}
      </div>

      <section aria-labelledby="package-results-heading" aria-busy={results.isFetching}>
        <div className="flex items-center justify-between gap-3">
          <Heading id="package-results-heading" className="text-xl font-semibold text-slate-900">
            Service packages
          </Heading>
          <p aria-live="polite" className="text-sm text-slate-600">
            {results.data
              ? `${results.data.total} ${results.data.total === 1 ? 'service' : 'services'} found`
              : ''}
          </p>
        </div>
        <div className="mt-4">
          {results.isPending ? (
            <p role="status" className="flex items-center gap-2 text-slate-600">
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
              Loading services...
            </p>
          ) : results.isError ? (
            <ErrorWithRetry message={PACKAGE_TEXTS.loadFailed} onRetry={() => void results.refetch()} />
          ) : results.data.items.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
              {PACKAGE_TEXTS.noResults}
            </p>
          ) : (
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {results.data.items.map((item) => (
                <PackageCard key={item.id} item={item} />
              ))}
            </ul>
          )}
        </div>
        {results.data && pageCount > 1 ? (
          <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-4">
            <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => goTo(page - 1)}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </Button>
            <span className="text-sm text-slate-700">
              Page {page + 1} of {pageCount}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={page + 1 >= pageCount}
              onClick={() => goTo(page + 1)}
            >
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </nav>
        ) : null}
      </section>
    </div>
  );
}
