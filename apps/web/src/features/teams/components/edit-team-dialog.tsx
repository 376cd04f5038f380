import { zodResolver } from '@hookform/resolvers/zod';
import { TEAM_SIZE_MAX, TEAM_TEXTS, type TeamDetail } from '@teamhire/shared';
import { LoaderCircle, Save } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { useToast } from '../../../components/ui/toast-context';
import { ApiError } from '../../../lib/api-client';
import { showFieldErrors } from '../../../lib/form-errors';
import { numberOrUndefined } from '../../../lib/form-values';
import { useUpdateTeam } from '../api/update-team';
import { memberCountText, teamEditFormSchema, type CatalogueSelection } from '../team-form';
import { CatalogueFields } from './catalogue-fields';

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

export const TEAM_UPDATED_MESSAGE = 'Team updated successfully!';

function EditTeamForm({ team, onDone }: { team: TeamDetail; onDone: () => void }) {
  const updateTeam = useUpdateTeam();
  const { showToast } = useToast();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm({
    resolver: zodResolver(teamEditFormSchema(team.member_count)),
    defaultValues: {
      name: team.name,
      description: team.description ?? '',
      max_members: team.max_members,
      is_active: team.is_active,
      service_category_id: team.service_category_id ?? undefined,
      project_type_id: team.project_type_id,
      projects_sub_types_id: team.projects_sub_types_id,
      technology_ids: team.technologies.map((technology) => technology.id),
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

  const onSubmit = handleSubmit(async (values) => {
    try {
      await updateTeam.mutateAsync({
        teamId: team.id,
        team: { ...values, description: values.description || null },
      });
      showToast({ title: TEAM_UPDATED_MESSAGE, variant: 'success' });
      onDone();
    } catch (error) {
      showFieldErrors(error, TEAM_FIELDS, setError);
      showToast({
        title: TEAM_TEXTS.updateFailed,
        description: error instanceof ApiError && error.detail ? error.detail : undefined,
        variant: 'error',
      });
    }
  });

  const smallest = Math.max(team.member_count, 1);
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit team" className="flex flex-col gap-5">
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
        hint={`Between ${smallest} and ${TEAM_SIZE_MAX}: the team has ${memberCountText(team.member_count)} now.`}
        error={errors.max_members?.message}
        {...register('max_members', { setValueAs: numberOrUndefined })}
      />
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input type="checkbox" className="mt-0.5 size-4 accent-indigo-600" {...register('is_active')} />
        <span>
          <span className="block font-medium">Team is active</span>
          <span className="block text-slate-600">Inactive teams cannot be contacted or applied to.</span>
        </span>
      </label>
      <CatalogueFields
        selection={{
          service_category_id: serviceCategoryId,
          project_type_id: projectTypeId,
          projects_sub_types_id: projectSubTypeId,
          technology_ids: technologyIds,
        }}
        onChange={applyCatalogueChanges}
        knownTechnologies={team.technologies}
        errors={{
          service_category_id: errors.service_category_id?.message,
          project_type_id: errors.project_type_id?.message,
          projects_sub_types_id: errors.projects_sub_types_id?.message,
          technology_ids: errors.technology_ids?.message,
        }}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
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

export function EditTeamDialog({
  team,
  open,
  onOpenChange,
}: {
  team: TeamDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Edit Team">
        <EditTeamForm team={team} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
