import { zodResolver } from '@hookform/resolvers/zod';
import { PACKAGE_TEXTS, packageUpdateSchema, type ServicePackage } from '@teamhire/shared';
import { LoaderCircle, Save, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { PageShell } from '../../components/ui/page-shell';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api-client';
import { showFieldErrors } from '../../lib/form-errors';
import { useCurrentUser } from '../../lib/queries/get-current-user';
import { numberOrUndefined } from '../../lib/form-values';
import { usePackage } from '../../lib/queries/get-package';
import { useUpdatePackage } from './api/update-package';
import { MANAGE_PACKAGES_PATH } from './create-package-page';
import { PACKAGE_FIELD_NAMES, PackageFields } from './components/package-fields';
import { PackageStatusBadge } from './components/package-status-badge';
import { updateFailureMessage } from './package-display';

function EditPackageForm({ item }: { item: ServicePackage }) {
  const navigate = useNavigate();
  const updatePackage = useUpdatePackage();
  const { showToast } = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(packageUpdateSchema),
    defaultValues: {
      title: item.title,
      description: item.description,
      price: item.price,
      duration_days: item.duration_days,
      tags: item.tags,
      requirements: item.requirements ?? '',
      deliverables: item.deliverables ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await updatePackage.mutateAsync({ id: item.id, ...values });
      showToast({ title: PACKAGE_TEXTS.updated, variant: 'success' });
      await navigate(MANAGE_PACKAGES_PATH);
    } catch (error) {
      setFailure(updateFailureMessage(error));
      showFieldErrors(error, PACKAGE_FIELD_NAMES, setError);
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Edit service package"
      className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        Team <span className="font-semibold">{item.team.name}</span>
        <PackageStatusBadge status={item.status} />
      </p>
      <PackageFields
        fields={{
          title: register('title'),
          description: register('description'),
          price: register('price', { setValueAs: numberOrUndefined }),
          duration_days: register('duration_days', { setValueAs: numberOrUndefined }),
          tags: register('tags'),
          requirements: register('requirements'),
          deliverables: register('deliverables'),
        }}
        errors={{
          title: errors.title?.message,
          description: errors.description?.message,
          price: errors.price?.message,
          duration_days: errors.duration_days?.message,
          tags: errors.tags?.message,
          requirements: errors.requirements?.message,
          deliverables: errors.deliverables?.message,
        }}
        durationHint="At least 1 day."
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={MANAGE_PACKAGES_PATH} className={buttonClassName('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          ) : (
            <Save aria-hidden="true" className="size-4" />
          )}
          Save Changes
        </Button>
      </div>
    </form>
  );
}

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
 * Part 2 §2 and §5: the package's team admin edits it with the edit rules (duration without an upper
 * bound). Someone else sees the same "not found" as for a missing package: the server would refuse
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
    content = (
      <p role="status" className="flex items-center gap-2 text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
        Loading package...
      </p>
    );
  } else if (!permitted) content = <PackageNotPermitted />;
  else content = <EditPackageForm item={item.data} />;

  return (
    <PageShell
      title="Edit Service Package"
      backTo={{ to: MANAGE_PACKAGES_PATH, label: 'Back to Manage Packages' }}
    >
      {content}
    </PageShell>
  );
}
