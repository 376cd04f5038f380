import { PACKAGE_TEXTS } from '@teamhire/shared';
import { SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { LoadingStatus } from '../../components/ui/loading-status';
import { PageShell } from '../../components/ui/page-shell';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/queries/get-current-user';
import { usePackage } from '../../lib/queries/get-package';
import { PackageGalleryEditor } from './components/package-gallery-editor';
import { MANAGE_PACKAGES_PATH, PackageForm } from './components/package-form';

export function PackageNotPermitted() {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center"
    >
      <SearchX aria-hidden="true" className="size-10 text-slate-400" />
      <h2 className="text-xl font-semibold text-slate-900">{PACKAGE_TEXTS.editNotPermittedTitle}</h2>
      <p className="max-w-md text-slate-600">{PACKAGE_TEXTS.editNotPermittedBody}</p>
      <Link to={MANAGE_PACKAGES_PATH} className={buttonClassName('secondary', 'md', 'mt-2')}>
        Back to Manage Packages
      </Link>
    </div>
  );
}

/**
 * The package's team admin edits it with the edit rules (the duration has no upper bound, unlike
 * on creation). Someone else sees the same "not found" as for a missing package: the server would refuse
 * the change anyway, and the difference would only tell a stranger that the package exists.
 */
export function EditPackagePage() {
  const packageId = Number(useParams().id);
  const item = usePackage(packageId);
  const user = useCurrentUser();
  const missing =
    !Number.isInteger(packageId) ||
    packageId <= 0 ||
    (item.isError && item.error instanceof ApiError && [403, 404, 422].includes(item.error.status));
  const permitted =
    item.data !== undefined &&
    user.data !== undefined &&
    (user.data.is_superuser || item.data.team.admin.id === user.data.id);

  let content;
  if (missing) content = <PackageNotPermitted />;
  else if (item.isError) {
    content = <ErrorWithRetry message="Failed to load the package" onRetry={() => void item.refetch()} />;
  } else if (user.isError) {
    content = <ErrorWithRetry message={user.error.message} onRetry={() => void user.refetch()} />;
  } else if (item.isPending || user.isPending) {
    content = <LoadingStatus text="Loading package..." />;
  } else if (!permitted) content = <PackageNotPermitted />;
  else {
    content = (
      <div className="flex flex-col gap-8">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <PackageGalleryEditor packageId={item.data.id} images={item.data.images} />
        </div>
        <PackageForm item={item.data} />
      </div>
    );
  }

  return (
    <PageShell
      title="Edit Service Package"
      backTo={{ to: MANAGE_PACKAGES_PATH, label: 'Back to Manage Packages' }}
    >
      {content}
    </PageShell>
  );
}
