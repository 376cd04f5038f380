import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { Button } from '../ui/button';
import { ErrorBoundary } from '../ui/error-boundary';
import { useServiceCategories } from '../../lib/queries/get-service-categories';

/**
 * The cards with their sixteen category icons are not part of the landing page's first download
 * (decision 0006), which hydrates the pre-rendered page without them: their code is requested as the
 * section mounts, beside the categories, and the list is drawn when both are here. (Waiting for the
 * section to come near the view made the page grow under a reader jumping past it to #contact.)
 */
const loadServiceCategoryList = () => import('./service-category-list');
const ServiceCategoryList = lazy(() =>
  loadServiceCategoryList().then((module) => ({ default: module.ServiceCategoryList })),
);

export const SERVICES_TEXTS = {
  loading: 'Loading services...',
  error: 'Error loading services. Please try again.',
  empty: 'No services are available yet.',
} as const;

export function ServicesSection() {
  // Drawn in a deferred render, cut into short tasks, rather than all at once when the data arrives.
  const categories = useDeferredValue(useServiceCategories());
  useEffect(() => {
    void loadServiceCategoryList();
  }, []);
  const loading = (
    <p role="status" className="text-center text-slate-600">
      {SERVICES_TEXTS.loading}
    </p>
  );

  return (
    <section
      id="services"
      aria-labelledby="services-heading"
      className="scroll-mt-20 bg-slate-50 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Services</p>
          <h2
            id="services-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Every skill your project needs
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Pick a category to meet the teams that deliver it, from first sketch to production.
          </p>
        </div>

        <div className="mt-12">
          {categories.isPending ? (
            loading
          ) : categories.isError ? (
            <div role="alert" className="flex flex-col items-center gap-4">
              <p className="text-center font-medium text-red-700">{SERVICES_TEXTS.error}</p>
              <Button variant="secondary" onClick={() => void categories.refetch()}>
                Try again
              </Button>
            </div>
          ) : categories.data.length === 0 ? (
            <p className="text-center text-slate-600">{SERVICES_TEXTS.empty}</p>
          ) : (
            // A list whose code cannot be downloaded reads as the section's error, like a failed request.
            <ErrorBoundary
              fallback={<p className="text-center font-medium text-red-700">{SERVICES_TEXTS.error}</p>}
            >
              <Suspense fallback={loading}>
                <ServiceCategoryList categories={categories.data} />
              </Suspense>
            </ErrorBoundary>
          )}
        </div>
      </div>
    </section>
  );
}
