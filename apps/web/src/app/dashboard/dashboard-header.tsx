import { AccountToolbar } from '../navigation/signed-in-navigation';
import { BrandLogo } from '../navigation/brand-logo';

/**
 * The dashboard's own compact header: the navigation bar is hidden here, so this one carries the sign-out.
 */
export function DashboardHeader() {
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8">
        <BrandLogo />
        <AccountToolbar />
      </div>
    </div>
  );
}
