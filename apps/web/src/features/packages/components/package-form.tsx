import { zodResolver } from '@hookform/resolvers/zod';
import {
  PACKAGE_DURATION_MAX,
  PACKAGE_REVISIONS_DEFAULT,
  PACKAGE_TEXTS,
  packageCreateSchema,
  packageUpdateSchema,
  type PackageCreate,
  type ServicePackage,
  type Team,
} from '@teamhire/shared';
import { Plus, Save } from 'lucide-react';
import type { Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { FormActions, formCardClassName } from '../../../components/ui/form-actions';
import { useToast } from '../../../components/ui/toast-context';
import { showFieldErrors } from '../../../lib/form-errors';
import { useServerForm } from '../../../lib/use-server-form';
import { SelectField } from '../../../components/ui/select-field';
import { numberOrUndefined } from '../../../lib/form-values';
import { useCreatePackage } from '../api/create-package';
import { useUpdatePackage } from '../api/update-package';
import { createFailureMessage, updateFailureMessage } from '../package-display';
import { PACKAGE_FIELD_NAMES, PackageFields } from './package-fields';
import { PackageStatusBadge } from './package-status-badge';

export const MANAGE_PACKAGES_PATH = '/services/manage-packages';
const CREATE_FIELDS = ['team_id', ...PACKAGE_FIELD_NAMES] as const;

/** A new package is for one of the given teams; an existing one keeps its team. */
export type PackageFormProps = { teams: Team[]; item?: never } | { item: ServicePackage; teams?: never };

/** Editing has no team to choose, so its values simply lack one. */
type PackageFormValues = Omit<PackageCreate, 'team_id'> & { team_id?: number };

function startingValues({ teams, item }: PackageFormProps): Partial<PackageFormValues> {
  if (item) {
    return {
      title: item.title,
      description: item.description,
      price: item.price,
      duration_days: item.duration_days,
      revisions: item.revisions,
      tags: item.tags,
      requirements: item.requirements ?? '',
      deliverables: item.deliverables ?? '',
    };
  }
  return {
    // With one team there is nothing to choose.
    team_id: teams.length === 1 ? teams[0]!.id : undefined,
    title: '',
    description: '',
    revisions: PACKAGE_REVISIONS_DEFAULT,
    tags: '',
    requirements: '',
    deliverables: '',
  };
}

/**
 * The package form of the create and the edit screen. Creating picks the team and keeps the duration
 * within a year; editing shows the team and its status and only needs at least one day.
 */
export function PackageForm(props: PackageFormProps) {
  const { teams, item } = props;
  const navigate = useNavigate();
  const createPackage = useCreatePackage();
  const updatePackage = useUpdatePackage();
  const { showToast } = useToast();
  const { register, setError, errors, isSubmitting, failure, setFailure, submit } =
    useServerForm<PackageFormValues>({
      resolver: zodResolver(item ? packageUpdateSchema : packageCreateSchema) as Resolver<PackageFormValues>,
      defaultValues: startingValues(props),
    });

  const onSubmit = submit(
    async (values) => {
      if (item) await updatePackage.mutateAsync({ id: item.id, ...values });
      else await createPackage.mutateAsync(values as PackageCreate);
      showToast({ title: item ? PACKAGE_TEXTS.updated : PACKAGE_TEXTS.created, variant: 'success' });
      await navigate(MANAGE_PACKAGES_PATH);
    },
    (error) => {
      setFailure(item ? updateFailureMessage(error) : createFailureMessage(error));
      showFieldErrors(error, item ? PACKAGE_FIELD_NAMES : CREATE_FIELDS, setError);
    },
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={item ? 'Edit service package' : 'Create service package'}
      className={formCardClassName}
    >
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      {item ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          Team <span className="font-semibold">{item.team.name}</span>
          <PackageStatusBadge status={item.status} />
        </p>
      ) : (
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
      )}
      <PackageFields
        fields={{
          title: register('title'),
          description: register('description'),
          price: register('price', { setValueAs: numberOrUndefined }),
          duration_days: register('duration_days', { setValueAs: numberOrUndefined }),
          revisions: register('revisions', { setValueAs: numberOrUndefined }),
          tags: register('tags'),
          requirements: register('requirements'),
          deliverables: register('deliverables'),
        }}
        errors={{
          title: errors.title?.message,
          description: errors.description?.message,
          price: errors.price?.message,
          duration_days: errors.duration_days?.message,
          revisions: errors.revisions?.message,
          tags: errors.tags?.message,
          requirements: errors.requirements?.message,
          deliverables: errors.deliverables?.message,
        }}
        durationHint={item ? 'At least 1 day.' : `Between 1 and ${PACKAGE_DURATION_MAX} days.`}
        durationMax={item ? undefined : PACKAGE_DURATION_MAX}
      />
      {item ? null : (
        <p className="text-sm text-slate-600">
          New packages start as drafts; publish them from Manage Packages when they are ready.
        </p>
      )}
      <FormActions
        cancel={{ to: MANAGE_PACKAGES_PATH }}
        pending={isSubmitting}
        submitIcon={
          item ? (
            <Save aria-hidden="true" className="size-4" />
          ) : (
            <Plus aria-hidden="true" className="size-4" />
          )
        }
        submitLabel={item ? 'Save Changes' : 'Create Package'}
      />
    </form>
  );
}
