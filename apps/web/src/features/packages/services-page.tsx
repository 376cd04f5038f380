import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { ServicesSection } from '../../components/catalogue/services-section';
import { PackageSearchPanel } from './components/package-search-panel';
import { BROWSE_PATH } from './package-detail-page';

/** The buyer service page (sign-in needed): the categories, then the packages on offer. */
export function ServicesPage() {
  return (
    <div className="bg-slate-50">
      <title>Services · TeamHire</title>
      <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Services</h1>
        <p className="mt-2 max-w-3xl text-slate-600">
          Find the team for your project by category, or buy a ready-made service package.
        </p>
      </div>
      <ServicesSection />
      <section aria-labelledby="packages-heading" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="packages-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            Service Packages
          </h2>
          <Link to={BROWSE_PATH} className={buttonClassName('secondary', 'sm')}>
            Open the full browser
          </Link>
        </div>
        <div className="mt-6">
          <PackageSearchPanel headingLevel={3} />
        </div>
      </section>
    </div>
  );
}
