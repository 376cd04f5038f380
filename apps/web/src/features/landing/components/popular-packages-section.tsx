import type { ServicePackage } from '@teamhire/shared';
import { Suspense, useDeferredValue, type ComponentType } from 'react';
import { POPULAR_PACKAGES_LIMIT, usePopularPackages } from '../api/get-popular-packages';

type PackageCardComponent = ComponentType<{ item: ServicePackage }>;

/** One grid for the cards and their placeholders, so nothing moves when the packages arrive. */
const GRID_CLASS = 'mt-12 grid list-none grid-cols-1 gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3';

function PopularPackagesLoading() {
  return (
    <div role="status" aria-label="Loading popular services">
      <ul aria-hidden="true" className={GRID_CLASS}>
        {Array.from({ length: POPULAR_PACKAGES_LIMIT }, (_, index) => (
          <li
            key={index}
            className="h-96 animate-pulse rounded-2xl border border-slate-200 bg-slate-100 motion-reduce:animate-none"
          />
        ))}
      </ul>
    </div>
  );
}

/**
 * The best rated packages as the packages feature's cards (handed in by `app/`). While they load
 * (and in the pre-rendered page) placeholders hold their place; with no package, or when they cannot
 * be loaded, the section is left out: the rest of the landing page does not depend on it.
 */
export function PopularPackagesSection({ PackageCard }: { PackageCard: PackageCardComponent }) {
  // Drawn in a deferred render, cut into short tasks, rather than all at once when the data arrives.
  const packages = useDeferredValue(usePopularPackages());
  if (packages.isError || (packages.isSuccess && packages.data.items.length === 0)) return null;

  return (
    <section
      id="popular-services"
      aria-labelledby="popular-services-heading"
      className="scroll-mt-20 bg-slate-50 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Packages</p>
          <h2
            id="popular-services-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Popular Services
          </h2>
          <p className="mt-4 text-lg text-slate-600">The best rated packages our teams deliver.</p>
        </div>
        {packages.isPending ? (
          <PopularPackagesLoading />
        ) : (
          // The card may be loaded with the packages (app/ hands in a lazy one): placeholders meanwhile.
          <Suspense fallback={<PopularPackagesLoading />}>
            <ul aria-label="Popular services" className={GRID_CLASS}>
              {packages.data.items.map((item) => (
                <PackageCard key={item.id} item={item} />
              ))}
            </ul>
          </Suspense>
        )}
      </div>
    </section>
  );
}
