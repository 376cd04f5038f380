import { zodResolver } from '@hookform/resolvers/zod';
import {
  TEAM_SIZE_DEFAULT,
  TEAM_SIZE_MAX,
  TEAM_SIZE_MIN,
  TEAM_SIZE_RECOMMENDED,
  teamCreateSchema,
} from '@teamhire/shared';
import { LoaderCircle, Plus, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { TextAreaField, TextField } from '../../components/ui/form-field';
import { PageShell } from '../../components/ui/page-shell';
import { useToast } from '../../components/ui/toast-context';
import { showFieldErrors } from '../../lib/form-errors';
import { useNavigationFlags } from '../../lib/queries/get-navigation';
import { useCreateTeam } from './api/create-team';
import { CatalogueFields } from './components/catalogue-fields';
import { numberOrUndefined } from '../../lib/form-values';
import { createTeamFailureMessage, type CatalogueSelection } from './team-form';

const TEAM_FIELDS = [
  'name',
  'description',
  'max_members',
  'service_category_id',
  'project_type_id',
  'projects_sub_types_id',
  'technology_ids',
] as const;

export const TEAM_CREATED_MESSAGE = 'Team created successfully!';

function CreateTeamForm() {
  const navigate = useNavigate();
  const createTeam = useCreateTeam();
  const { showToast } = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm({
    resolver: zodResolver(teamCreateSchema),
    defaultValues: {
      name: '',
      description: '',
      max_members: TEAM_SIZE_DEFAULT,
      project_type_id: null,
      projects_sub_types_id: null,
      technology_ids: [],
    },
  });
  const [serviceCategoryId, projectTypeId, projectSubTypeId, technologyIds] = useWatch({
    control,
    name: ['service_category_id', 'project_type_id', 'projects_sub_types_id', 'technology_ids'],
  });

  const applyCatalogueChanges = (changes: CatalogueSelection) => {
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    if (changes.service_category_id != null) {
      setValue('service_category_id', changes.service_category_id, options);
    }
    if (changes.project_type_id !== undefined) setValue('project_type_id', changes.project_type_id, options);
    if (changes.projects_sub_types_id !== undefined) {
      setValue('projects_sub_types_id', changes.projects_sub_types_id, options);
    }
    if (changes.technology_ids !== undefined) setValue('technology_ids', changes.technology_ids, options);
  };

  const onSubmit = handleSubmit(async (team) => {
    setFailure(null);
    try {
      const created = await createTeam.mutateAsync({ ...team, description: team.description || null });
      showToast({ title: TEAM_CREATED_MESSAGE, variant: 'success' });
      await navigate(`/teams/manage?team=${created.id}`);
    } catch (error) {
      setFailure(createTeamFailureMessage(error));
      showFieldErrors(error, TEAM_FIELDS, setError);
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Create team"
      className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <TextField label="Team Name" required error={errors.name?.message} {...register('name')} />
      <TextAreaField
        label="Description"
        optional
        className="min-h-24"
        error={errors.description?.message}
        {...register('description')}
      />
      <TextField
        label="Maximum Members"
        type="number"
        inputMode="numeric"
        min={TEAM_SIZE_MIN}
        max={TEAM_SIZE_MAX}
        step={1}
        hint={`Between ${TEAM_SIZE_MIN} and ${TEAM_SIZE_MAX}. We recommend ${TEAM_SIZE_RECOMMENDED.min}-${TEAM_SIZE_RECOMMENDED.max} members.`}
        error={errors.max_members?.message}
        {...register('max_members', { setValueAs: numberOrUndefined })}
      />
      <CatalogueFields
        selection={{
          service_category_id: serviceCategoryId,
          project_type_id: projectTypeId,
          projects_sub_types_id: projectSubTypeId,
          technology_ids: technologyIds,
        }}
        onChange={applyCatalogueChanges}
        errors={{
          service_category_id: errors.service_category_id?.message,
          project_type_id: errors.project_type_id?.message,
          projects_sub_types_id: errors.projects_sub_types_id?.message,
          technology_ids: errors.technology_ids?.message,
        }}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to="/dashboard" className={buttonClassName('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          ) : (
            <Plus aria-hidden="true" className="size-4" />
          )}
          Create Team
        </Button>
      </div>
    </form>
  );
}

/** Part 1 §2 and §5: a verified team admin creates a team from the catalogue (decision A11). */
export function CreateTeamPage() {
  const flags = useNavigationFlags();
  return (
    <PageShell
      title="Create New Team"
      description="Describe your team and what it builds, so that sellers and buyers can find it."
    >
      {flags.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
          Loading...
        </p>
      ) : null}
      {flags.isError ? (
        <ErrorWithRetry message={flags.error.message} onRetry={() => void flags.refetch()} />
      ) : null}
      {flags.isSuccess && !flags.data.can_create_team ? (
        <Alert variant="info">
          <p>
            Only verified team admins can create teams. Ask for the Team Admin role in the Verification
            Centre; a general admin reviews it.
          </p>
          <Link to="/verification" className={buttonClassName('secondary', 'sm', 'mt-3')}>
            <ShieldCheck aria-hidden="true" className="size-4" />
            Go to the Verification Centre
          </Link>
        </Alert>
      ) : null}
      {flags.isSuccess && flags.data.can_create_team ? <CreateTeamForm /> : null}
    </PageShell>
  );
}
