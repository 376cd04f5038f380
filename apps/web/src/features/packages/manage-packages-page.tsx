import { PACKAGE_TEXTS, type ServicePackage, type Team } from '@teamhire/shared';
import { Clock, Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/button';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { LoadingStatus } from '../../components/ui/loading-status';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { useMyTeams } from '../../lib/queries/get-my-teams';
import { ConfirmationDialog } from '../../components/ui/confirmation-dialog';
import { SelectField } from '../../components/ui/select-field';
import { WidePage } from '../../components/ui/wide-page';
import { useDeletePackage } from './api/delete-package';
import { useMyPackages } from './api/get-my-packages';
import { useSetPackageStatus, type PackageStatusAction } from './api/set-package-status';
import { NoTeamsPanel } from './components/no-teams-panel';
import { PackageStatusBadge } from './components/package-status-badge';
import { deliveryText, displayStatus, failureMessage } from './package-display';

/** The 409 of a package that has orders, in words a seller can act on. */
export const DELETE_HAS_ORDERS_MESSAGE =
  'This package has orders, so it cannot be deleted. Unpublish it instead to hide it from buyers.';

function deleteFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return DELETE_HAS_ORDERS_MESSAGE;
  return failureMessage(error, PACKAGE_TEXTS.deleteFailed);
}

function PackageRow({ item, onDelete }: { item: ServicePackage; onDelete: (item: ServicePackage) => void }) {
  const setStatus = useSetPackageStatus();
  const { showToast } = useToast();
  const published = displayStatus(item.status) === 'published';
  const headingId = `managed-package-${item.id}`;

  const change = (action: PackageStatusAction) =>
    setStatus.mutate(
      { id: item.id, action },
      {
        onSuccess: () =>
          showToast({
            title: action === 'publish' ? PACKAGE_TEXTS.published : PACKAGE_TEXTS.unpublished,
            variant: 'success',
          }),
        onError: (error) =>
          showToast({ title: failureMessage(error, PACKAGE_TEXTS.actionFailed), variant: 'error' }),
      },
    );

  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <article aria-labelledby={headingId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1">
            <h3 id={headingId} className="text-lg font-semibold text-slate-900">
              {published ? <Link to={`/service-package/${item.id}`}>{item.title}</Link> : item.title}
            </h3>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
              <span className="font-semibold text-indigo-700">{formatMoney(item.price)}</span>
              <span className="flex items-center gap-1">
                <Clock aria-hidden="true" className="size-4" />
                {deliveryText(item.duration_days)}
              </span>
              <span>Updated {formatDate(item.updated_at)}</span>
            </p>
          </div>
          <PackageStatusBadge status={item.status} />
        </div>
        <div className="flex flex-wrap gap-2">
          {published ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={setStatus.isPending}
              onClick={() => change('unpublish')}
              aria-label={`Unpublish ${item.title}`}
            >
              <EyeOff aria-hidden="true" className="size-4" />
              Unpublish
            </Button>
          ) : (
            <Button
              size="sm"
              disabled={setStatus.isPending}
              onClick={() => change('publish')}
              aria-label={`Publish ${item.title}`}
            >
              <Eye aria-hidden="true" className="size-4" />
              Publish
            </Button>
          )}
          <Link
            to={`/services/edit/${item.id}`}
            className={buttonClassName('secondary', 'sm')}
            aria-label={`Edit ${item.title}`}
          >
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Link>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={() => onDelete(item)}
            aria-label={`Delete ${item.title}`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </Button>
        </div>
      </article>
    </li>
  );
}

function TeamPackages({ team }: { team: Team }) {
  const packages = useMyPackages(team.id);
  const deletePackage = useDeletePackage();
  const { showToast } = useToast();
  const [toDelete, setToDelete] = useState<ServicePackage | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    deletePackage.mutate(toDelete.id, {
      onSuccess: () => showToast({ title: PACKAGE_TEXTS.deleted, variant: 'success' }),
      onError: (error) => showToast({ title: deleteFailureMessage(error), variant: 'error' }),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <section aria-labelledby="team-packages-heading" className="mt-6" aria-busy={packages.isFetching}>
      <h2 id="team-packages-heading" className="text-xl font-semibold text-slate-900">
        Packages of {team.name}
      </h2>
      <div className="mt-4">
        {packages.isPending ? (
          <LoadingStatus text="Loading packages..." />
        ) : packages.isError ? (
          <ErrorWithRetry message="Failed to load packages" onRetry={() => void packages.refetch()} />
        ) : packages.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="text-slate-600">This team has no service packages yet.</p>
            <Link to="/services/create" className={buttonClassName('primary', 'sm')}>
              <Plus aria-hidden="true" className="size-4" />
              Create Service
            </Link>
          </div>
        ) : (
          <ul className="flex flex-col gap-4">
            {packages.data.map((item) => (
              <PackageRow key={item.id} item={item} onDelete={setToDelete} />
            ))}
          </ul>
        )}
      </div>
      <ConfirmationDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="Delete package"
        description={PACKAGE_TEXTS.deleteConfirm}
        confirmLabel="Delete"
        destructive
        pending={deletePackage.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}

/** Manage packages: each administered team's packages with publish, unpublish, edit, delete. */
export function ManagePackagesPage() {
  const teams = useMyTeams();
  const [chosenTeamId, setChosenTeamId] = useState<number | null>(null);
  const team = teams.data?.find((candidate) => candidate.id === chosenTeamId) ?? teams.data?.[0];

  return (
    <WidePage
      title="Manage Packages"
      description="Publish, unpublish, edit and delete the service packages of your teams."
      back={{ to: '/dashboard', label: 'Back to Dashboard' }}
    >
      {teams.isPending ? (
        <LoadingStatus text="Loading teams..." />
      ) : teams.isError ? (
        <ErrorWithRetry message={teams.error.message} onRetry={() => void teams.refetch()} />
      ) : !team ? (
        <NoTeamsPanel
          title={PACKAGE_TEXTS.noTeamsFound}
          body="Packages belong to teams. Create a team first to offer packages."
        />
      ) : (
        <>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div className="sm:w-80">
              <SelectField
                label="Team"
                value={team.id}
                onChange={(event) => setChosenTeamId(Number(event.target.value))}
              >
                {teams.data.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </SelectField>
            </div>
            <Link to="/services/create" className={buttonClassName('primary')}>
              <Plus aria-hidden="true" className="size-4" />
              Create Service
            </Link>
          </div>
          <TeamPackages key={team.id} team={team} />
        </>
      )}
    </WidePage>
  );
}
