import { WidePageFrame } from '../team-finder/components/wide-page-frame';
import { PackageSearchPanel } from './components/package-search-panel';

/** Part 2 §2 browse services: search the published packages with filters. */
export function BrowsePackagesPage() {
  return (
    <WidePageFrame
      title="Browse Services"
      description="Fixed-price service packages from verified teams. Search by what you need and narrow by price, delivery time and team."
      back={{ to: '/services', label: 'Back to Services' }}
    >
      <PackageSearchPanel />
    </WidePageFrame>
  );
}
