import { zodResolver } from '@hookform/resolvers/zod';
import { PACKAGE_DURATION_MAX, PACKAGE_TEXTS, packageCreateSchema, type Team } from '@teamhire/shared';
import { LoaderCircle, Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { PageShell } from '../../components/ui/page-shell';
import { useToast } from '../../components/ui/toast-context';
import { showFieldErrors } from '../../lib/form-errors';
import { useNavigationFlags } from '../../lib/queries/get-navigation';
import { useMyTeams } from '../../lib/queries/get-my-teams';
import { SelectField } from '../../components/ui/select-field';
import { numberOrUndefined } from '../../lib/form-values';
import { useCreatePackage } from './api/create-package';
import { PACKAGE_FIELD_NAMES, PackageFields } from './components/package-fields';
import { createFailureMessage } from './package-display';

export const MANAGE_PACKAGES_PATH = '/services/manage-packages';
const CREATE_FIELDS = ['team_id', ...PACKAGE_FIELD_NAMES] as const;

function CreatePackageForm({ teams }: { teams: Team[] }) {
  const navigate = useNavigate();
  const createPackage = useCreatePackage();
  const { showToast } = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(packageCreateSchema),
    defaultValues: {
      // With one team there is nothing to choose.
      team_id: teams.length === 1 ? teams[0]!.id : undefined,
      title: '',
      description: '',
      tags: '',
      requirements: '',
      deliverables: '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await createPackage.mutateAsync(values);
      showToast({ title: PACKAGE_TEXTS.created, variant: 'success' });
      await navigate(MANAGE_PACKAGES_PATH);
    } catch (error) {
      setFailure(createFailureMessage(error));
      showFieldErrors(error, CREATE_FIELDS, setError);
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Create service package"
      className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <SelectField
        label="Team"
        required
        error={errors.team_id?.message}
        {...register('team_id', { setValueAs: numberOrUndefined })}
      >
        <option value="">Select a team</option>
        {teams.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name}
          </option>
        ))}
      </SelectField>
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
        durationHint={`Between 1 and ${PACKAGE_DURATION_MAX} days.`}
        durationMax={PACKAGE_DURATION_MAX}
      />
      <p className="text-sm text-slate-600">
        New packages start as drafts; publish them from Manage Packages when they are ready.
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={MANAGE_PACKAGES_PATH} className={buttonClassName('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          ) : (
            <Plus aria-hidden="true" className="size-4" />
          )}
          Create Package
        </Button>
      </div>
    </form>
  );
}

function NoTeamsAvailable() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <Users aria-hidden="true" className="size-10 text-slate-400" />
      <h2 className="text-xl font-semibold text-slate-900">{PACKAGE_TEXTS.noTeams}</h2>
      <p className="max-w-md text-slate-600">
        You need a team that you administer, with a verified Team Admin role, before you can offer service
        packages.
      </p>
      <Link to="/teams/create" className={buttonClassName('primary', 'md', 'mt-2')}>
        <Plus aria-hidden="true" className="size-4" />
        Create Team
      </Link>
    </div>
  );
}

/** Part 2 §2 and §6: a verified admin creates a package for one of the teams they administer. */
export function CreatePackagePage() {
  const flags = useNavigationFlags();
  const verified = flags.data?.can_create_service_packages === true;
  const teams = useMyTeams();
  const loading = flags.isPending || (verified && teams.isPending);
  const failed = flags.isError ? flags : verified && teams.isError ? teams : null;
  return (
    <PageShell
      title="Create Service Package"
      description="Describe a package your team delivers at a fixed price and delivery time."
    >
      {loading ? (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
          Loading...
        </p>
      ) : failed ? (
        <ErrorWithRetry
          message={failed.error?.message ?? 'Failed to load'}
          onRetry={() => void failed.refetch()}
        />
      ) : !verified || !teams.data || teams.data.length === 0 ? (
        <NoTeamsAvailable />
      ) : (
        <CreatePackageForm teams={teams.data} />
      )}
    </PageShell>
  );
}
