import { WidePage } from '../../components/ui/wide-page';
import { PackageSearchPanel } from './components/package-search-panel';

/** Browse services: search the published packages with filters. */
export function BrowsePackagesPage() {
  return (
    <WidePage
      title="Browse Services"
      description="Fixed-price service packages from verified teams. Search by what you need, narrow by category, price, delivery time and team, and sort by price, rating or date."
      back={{ to: '/services', label: 'Back to Services' }}
    >
      <PackageSearchPanel />
    </WidePage>
  );
}
