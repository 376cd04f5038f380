import { zodResolver } from '@hookform/resolvers/zod';
import {
  TEAM_SIZE_DEFAULT,
  TEAM_SIZE_MAX,
  TEAM_SIZE_MIN,
  TEAM_SIZE_RECOMMENDED,
  TEAM_TEXTS,
  teamCreateSchema,
  type TeamCreate,
  type TeamDetail,
  type TeamUpdate,
} from '@teamhire/shared';
import { Plus, Save } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { FormActions, formCardClassName } from '../../../components/ui/form-actions';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { useToast } from '../../../components/ui/toast-context';
import { ApiError } from '../../../lib/api-client';
import { numberOrUndefined } from '../../../lib/form-values';
import { showFieldErrors } from '../../../lib/form-errors';
import { useCreateTeam } from '../api/create-team';
import { useUpdateTeam } from '../api/update-team';
import {
  createTeamFailureMessage,
  memberCountText,
  teamEditFormSchema,
  type CatalogueSelection,
} from '../team-form';
import { CatalogueFields } from './catalogue-fields';

export const TEAM_CREATED_MESSAGE = 'Team created successfully!';
export const TEAM_UPDATED_MESSAGE = 'Team updated successfully!';

const TEAM_FIELDS = [
  'name',
  'description',
  'max_members',
  'is_active',
  'service_category_id',
  'project_type_id',
  'projects_sub_types_id',
  'technology_ids',
] as const;

/** A new team stands on its own page; an existing one is edited in a dialog that closes when done. */
export type TeamFormProps = { team?: never; onDone?: never } | { team: TeamDetail; onDone: () => void };

/** Only an existing team can be switched off, so a new one's values have no activity yet. */
type TeamFormValues = Omit<TeamUpdate, 'is_active'> & { is_active?: boolean };

function startingValues(team: TeamDetail | undefined): Partial<TeamFormValues> {
  if (!team) {
    return {
      name: '',
      description: '',
      max_members: TEAM_SIZE_DEFAULT,
      project_type_id: null,
      projects_sub_types_id: null,
      technology_ids: [],
    };
  }
  return {
    name: team.name,
    description: team.description ?? '',
    max_members: team.max_members,
    is_active: team.is_active,
    service_category_id: team.service_category_id ?? undefined,
    project_type_id: team.project_type_id,
    projects_sub_types_id: team.projects_sub_types_id,
    technology_ids: team.technologies.map((technology) => technology.id),
  };
}

/**
 * The team form of the create page and the edit dialog. A new team takes 2 to 100 members and says
 * why it failed above the form; an edit never allows fewer places than members, can switch the team
 * off, and reports a failure in a toast because the dialog may be scrolled away from its top.
 */
export function TeamForm({ team, onDone }: TeamFormProps) {
  const navigate = useNavigate();
  const createTeam = useCreateTeam();
  const updateTeam = useUpdateTeam();
  const { showToast } = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<TeamFormValues>({
    resolver: zodResolver(
      team ? teamEditFormSchema(team.member_count) : teamCreateSchema,
    ) as Resolver<TeamFormValues>,
    defaultValues: startingValues(team),
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

  const create = async (values: TeamCreate) => {
    setFailure(null);
    try {
      const created = await createTeam.mutateAsync(values);
      showToast({ title: TEAM_CREATED_MESSAGE, variant: 'success' });
      await navigate(`/teams/manage?team=${created.id}`);
    } catch (error) {
      setFailure(createTeamFailureMessage(error));
      showFieldErrors(error, TEAM_FIELDS, setError);
    }
  };

  const update = async (existing: TeamDetail, values: TeamUpdate) => {
    try {
      await updateTeam.mutateAsync({ teamId: existing.id, team: values });
      showToast({ title: TEAM_UPDATED_MESSAGE, variant: 'success' });
      onDone?.();
    } catch (error) {
      showFieldErrors(error, TEAM_FIELDS, setError);
      showToast({
        title: TEAM_TEXTS.updateFailed,
        description: error instanceof ApiError && error.detail ? error.detail : undefined,
        variant: 'error',
      });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    const withDescription = { ...values, description: values.description || null };
    if (team) await update(team, withDescription as TeamUpdate);
    else await create(withDescription);
  });

  const smallest = team ? Math.max(team.member_count, 1) : TEAM_SIZE_MIN;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={team ? 'Edit team' : 'Create team'}
      className={team ? 'flex flex-col gap-5' : formCardClassName}
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
        min={smallest}
        max={TEAM_SIZE_MAX}
        step={1}
        hint={
          team
            ? `Between ${smallest} and ${TEAM_SIZE_MAX}: the team has ${memberCountText(team.member_count)} now.`
            : `Between ${TEAM_SIZE_MIN} and ${TEAM_SIZE_MAX}. We recommend ${TEAM_SIZE_RECOMMENDED.min}-${TEAM_SIZE_RECOMMENDED.max} members.`
        }
        error={errors.max_members?.message}
        {...register('max_members', { setValueAs: numberOrUndefined })}
      />
      {team ? (
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input type="checkbox" className="mt-0.5 size-4 accent-indigo-600" {...register('is_active')} />
          <span>
            <span className="block font-medium">Team is active</span>
            <span className="block text-slate-600">Inactive teams cannot be contacted or applied to.</span>
          </span>
        </label>
      ) : null}
      <CatalogueFields
        selection={{
          service_category_id: serviceCategoryId,
          project_type_id: projectTypeId,
          projects_sub_types_id: projectSubTypeId,
          technology_ids: technologyIds,
        }}
        onChange={applyCatalogueChanges}
        knownTechnologies={team?.technologies}
        errors={{
          service_category_id: errors.service_category_id?.message,
          project_type_id: errors.project_type_id?.message,
          projects_sub_types_id: errors.projects_sub_types_id?.message,
          technology_ids: errors.technology_ids?.message,
        }}
      />
      <FormActions
        cancel={team ? 'dialog' : { to: '/dashboard' }}
        pending={isSubmitting}
        submitIcon={
          team ? (
            <Save aria-hidden="true" className="size-4" />
          ) : (
            <Plus aria-hidden="true" className="size-4" />
          )
        }
        submitLabel={team ? 'Save Changes' : 'Create Team'}
      />
    </form>
  );
}
