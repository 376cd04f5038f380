import {
  PACKAGE_BROWSE_PAGE_SIZE,
  PACKAGE_SORT_LABELS,
  PACKAGE_SORTS,
  PACKAGE_TEXTS,
  type PackageSort,
  type ServicePackage,
} from '@teamhire/shared';
import { ChevronLeft, ChevronRight, LoaderCircle, Search, SlidersHorizontal } from 'lucide-react';
import {
  lazy,
  Suspense,
  useDeferredValue,
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
} from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { ErrorWithRetry } from '../../../components/ui/error-with-retry';
import { TextField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { useServiceCategories } from '../../../lib/queries/get-service-categories';
import { useBrowsePackages } from '../api/search-packages';
import {
  countActiveFilters,
  EMPTY_INPUTS,
  readBrowseState,
  toSearchCriteria,
  writeBrowseState,
  type BrowseState,
  type SearchInputs,
} from '../browse-search-params';
import { useDebouncedValue } from '../use-debounced-value';

/**
 * The card (with its image, rating and formatting helpers) is not needed to draw the page's heading,
 * search and filters: it downloads beside the first request (see the effect in PackageSearchPanel)
 * instead of before the page's first paint. Should its download fail, the route's error view offers a
 * reload, as for the page's own code.
 */
const loadPackageCard = () => import('./package-card');
const PackageCard = lazy(() => loadPackageCard().then((module) => ({ default: module.PackageCard })));

/**
 * Cards drawn in the first render of a page of results: about two screens on a phone. The rest of the
 * page (up to 50 cards, some 1,500 elements) follows in a deferred render that React cuts into short
 * tasks, instead of one long task that keeps the phone from answering input.
 */
export const FIRST_RENDERED_CARDS = 6;

/** The search waits until typing has paused this long, so a word costs one request, not one per key. */
export const SEARCH_DEBOUNCE_MS = 500;
export const PRICE_RANGE_MESSAGE = 'The minimum price cannot be above the maximum';

const sameInputs = (a: SearchInputs, b: SearchInputs) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The browse lives in the URL (search text, filters, order, page), so reload, back and forward and a
 * shared link show the same results. Typing is kept in the fields and reaches the URL once it pauses,
 * replacing the entry (one entry per search, not per key); a chosen order, category or page adds one,
 * so Back undoes it.
 */
function useBrowseState() {
  const [params, setParams] = useSearchParams();
  const state = readBrowseState(params);
  const urlKey = JSON.stringify(state.inputs);
  // What the fields show: the URL's values until the person types; a URL changed by Back or a link wins.
  const [draft, setDraft] = useState({ urlKey, inputs: state.inputs });
  if (draft.urlKey !== urlKey) setDraft({ urlKey, inputs: state.inputs });
  const inputs = draft.urlKey === urlKey ? draft.inputs : state.inputs;
  const settled = useDebouncedValue(inputs, SEARCH_DEBOUNCE_MS);

  const navigate = (next: BrowseState, replace: boolean) =>
    setParams(writeBrowseState(next), { replace, preventScrollReset: true });

  useEffect(() => {
    const current = readBrowseState(params);
    if (!sameInputs(settled, current.inputs)) navigate({ ...current, inputs: settled, page: 0 }, true);
    // Only a pause in typing writes the URL; a URL change alone must not write it back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return {
    state,
    inputs,
    setInputs: (next: SearchInputs) => setDraft({ urlKey, inputs: next }),
    /** A choice made at once (order, category, page, clearing): a new history entry. */
    choose: (changes: Partial<BrowseState>) => {
      const next = { ...state, inputs, page: 0, ...changes };
      setDraft({ urlKey: JSON.stringify(next.inputs), inputs: next.inputs });
      navigate(next, false);
    },
  };
}

/**
 * Search, filters and order over the published packages with paged results, kept in the URL: used by
 * /services/browse and by the buyer service page. Below 768 px the filters fold into a sheet opened by
 * a "Filters" button, so the first result is on the first screen.
 */
export function PackageSearchPanel({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { state, inputs, setInputs, choose } = useBrowseState();
  const { criteria, priceRangeInvalid } = toSearchCriteria(state.inputs, state.sort);
  const { page } = state;
  const results = useBrowsePackages(criteria, page * PACKAGE_BROWSE_PAGE_SIZE, PACKAGE_BROWSE_PAGE_SIZE);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const typedPriceRangeInvalid = toSearchCriteria(inputs).priceRangeInvalid || priceRangeInvalid;
  const activeFilters = countActiveFilters(inputs);

  const change = (field: keyof SearchInputs) => (event: ChangeEvent<HTMLInputElement>) =>
    setInputs({ ...inputs, [field]: event.target.value });
  const filterProps: FilterFieldsProps = {
    inputs,
    change,
    chooseCategory: (category) => choose({ inputs: { ...inputs, category } }),
    priceRangeInvalid: typedPriceRangeInvalid,
  };
  const canClear = !sameInputs(inputs, EMPTY_INPUTS);
  const clear = () => choose({ inputs: EMPTY_INPUTS });
  const pageCount = results.data ? Math.max(1, Math.ceil(results.data.total / PACKAGE_BROWSE_PAGE_SIZE)) : 1;
  const goTo = (next: number) => choose({ page: next });

  useEffect(() => {
    void loadPackageCard();
  }, []);

  // The browse page is pre-rendered: a person may type into its fields before the app has taken the
  // page over. React keeps that text in the field but does not report it, so it is read here, once,
  // and searched for like any typing (without this, the next render would empty the field).
  const searchBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const typed: Partial<SearchInputs> = {};
    for (const element of searchBox.current?.querySelectorAll('input[name]') ?? []) {
      const { name, value } = element as HTMLInputElement;
      if (name in inputs && value !== inputs[name as keyof SearchInputs]) {
        typed[name as keyof SearchInputs] = value;
      }
    }
    if (Object.keys(typed).length > 0) setInputs({ ...inputs, ...typed });
    // Only what was typed before the first render of the app counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="flex flex-col gap-6">
      <div
        ref={searchBox}
        role="search"
        aria-label="Search services"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <div className="flex items-end gap-3">
          <div className="min-w-0 flex-1">
            <TextField
              label="Search services"
              type="search"
              placeholder="Try 'landing page' or 'mobile app'"
              startIcon={<Search aria-hidden="true" className="size-4" />}
              value={inputs.search_term}
              name="search_term"
              onChange={change('search_term')}
            />
          </div>
          <FiltersSheet activeFilters={activeFilters} canClear={canClear} clear={clear} {...filterProps} />
        </div>
        <div className="hidden md:block">
          <FilterFields {...filterProps} />
          {canClear ? (
            <Button variant="ghost" size="sm" className="mt-3" onClick={clear}>
              Clear filters
            </Button>
          ) : null}
        </div>
      </div>

      <section aria-labelledby="package-results-heading" aria-busy={results.isFetching}>
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
          <div>
            <Heading id="package-results-heading" className="text-xl font-semibold text-slate-900">
              Service packages
            </Heading>
            {/* Its line is kept while empty, so the count arriving moves nothing below it. */}
            <p aria-live="polite" className="min-h-5 text-sm text-slate-600">
              {results.data
                ? `${results.data.total} ${results.data.total === 1 ? 'service' : 'services'} found`
                : ''}
            </p>
          </div>
          <div className="w-full sm:w-56">
            <SelectField
              label="Sort by"
              value={state.sort}
              onChange={(event) => choose({ sort: event.target.value as PackageSort })}
            >
              {PACKAGE_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {PACKAGE_SORT_LABELS[sort]}
                </option>
              ))}
            </SelectField>
          </div>
        </div>
        {/*
          While the first page loads, the results hold a screen's height: the cards that arrive then
          grow into space already below the fold instead of pushing the footer out of view (a layout shift
          of 0.4 on a phone).
        */}
        <div className={results.isPending ? 'mt-4 min-h-screen' : 'mt-4'}>
          {results.isPending ? (
            <LoadingResults />
          ) : results.isError ? (
            <ErrorWithRetry message={PACKAGE_TEXTS.loadFailed} onRetry={() => void results.refetch()} />
          ) : results.data.items.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
              <p>{PACKAGE_TEXTS.noResults}</p>
              {canClear ? (
                <Button variant="secondary" size="sm" className="mt-4" onClick={clear}>
                  Clear filters
                </Button>
              ) : null}
            </div>
          ) : (
            <Suspense
              fallback={
                <div className="min-h-screen">
                  <LoadingResults />
                </div>
              }
            >
              <ResultGrid items={results.data.items} />
            </Suspense>
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

function LoadingResults() {
  return (
    <p role="status" className="flex items-center gap-2 text-slate-600">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
      Loading services...
    </p>
  );
}

/**
 * A page of results: the first cards at once, the others in a deferred render right after. A later
 * page replaces it in a deferred render too (the previous page stays on screen meanwhile).
 */
function ResultGrid({ items }: { items: readonly ServicePackage[] }) {
  const shown = useDeferredValue(items, items.slice(0, FIRST_RENDERED_CARDS));
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {shown.map((item) => (
        <PackageCard key={item.id} item={item} />
      ))}
    </ul>
  );
}

interface FilterFieldsProps {
  inputs: SearchInputs;
  change: (field: keyof SearchInputs) => (event: ChangeEvent<HTMLInputElement>) => void;
  chooseCategory: (category: string) => void;
  priceRangeInvalid: boolean;
}

/** The filters, laid out in a row on wide screens and one under another in the phone sheet. */
function FilterFields({ inputs, change, chooseCategory, priceRangeInvalid }: FilterFieldsProps) {
  const filtersId = useId();
  const categories = useServiceCategories();
  return (
    <fieldset className="mt-4" aria-describedby={filtersId}>
      <legend className="text-sm font-semibold text-slate-900">Filters</legend>
      <p id={filtersId} className="sr-only">
        Every filter narrows the results; leave a field empty to ignore it.
      </p>
      <div className="mt-2 grid gap-4 md:grid-cols-3 xl:grid-cols-6">
        <SelectField
          label="Category"
          value={inputs.category}
          onChange={(event) => chooseCategory(event.target.value)}
          hint={categories.isError ? 'Categories could not be loaded' : undefined}
        >
          <option value="">All categories</option>
          {categories.data?.map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}
            </option>
          ))}
          {/* A category from a shared link stays chosen while the list loads. */}
          {inputs.category &&
          !categories.data?.some((category) => String(category.id) === inputs.category) ? (
            <option value={inputs.category}>{categories.isPending ? 'Loading…' : 'Unknown category'}</option>
          ) : null}
        </SelectField>
        <TextField
          label="Tags"
          hint="Comma-separated; any of them"
          value={inputs.tags}
          name="tags"
          onChange={change('tags')}
        />
        <TextField
          label="Min price (USD)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={inputs.min_price}
          name="min_price"
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
          name="max_price"
          onChange={change('max_price')}
        />
        <TextField
          label="Max duration (days)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={inputs.max_duration}
          name="max_duration"
          onChange={change('max_duration')}
        />
        <TextField
          label="Team name"
          value={inputs.team_name}
          name="team_name"
          onChange={change('team_name')}
        />
      </div>
    </fieldset>
  );
}

/** Phones: the filters in a sheet (focus kept inside, Escape closes), behind a button that counts them. */
function FiltersSheet({
  activeFilters,
  canClear,
  clear,
  ...filterProps
}: FilterFieldsProps & { activeFilters: number; canClear: boolean; clear: () => void }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="secondary"
          className="shrink-0 md:hidden"
          aria-label={activeFilters > 0 ? `Filters, ${activeFilters} active` : 'Filters'}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filters
          {activeFilters > 0 ? (
            <span className="rounded-full bg-indigo-600 px-2 text-xs text-white">{activeFilters}</span>
          ) : null}
        </Button>
      </DialogTrigger>
      <DialogContent title="Filters" placement="sheet">
        <div className="-mt-4">
          <FilterFields {...filterProps} />
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          {canClear ? (
            <Button variant="ghost" onClick={clear}>
              Clear filters
            </Button>
          ) : null}
          <DialogClose asChild>
            <Button>Show results</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
