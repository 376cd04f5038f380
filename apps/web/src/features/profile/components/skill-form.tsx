import { zodResolver } from '@hookform/resolvers/zod';
import { SKILL_LEVELS, skillInputSchema, type Skill, type SkillInput } from '@teamhire/shared';
import { useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/form-field';
import { saveWithFeedback, type ProfileItemFormProps } from '../profile-form-submit';
import { ProfileFormActions } from './profile-form-actions';
import { SelectField } from '../../../components/ui/select-field';
import { StatisticsFields, statisticsRegisterOptions } from './statistics-fields';

const FIELDS = skillInputSchema.keyof().options;

/** The level starts unchosen when adding, so that it has to be picked rather than accepted. */
export function skillFormValues(item?: Skill): DefaultValues<SkillInput> {
  return {
    name: item?.name ?? '',
    level: item?.level,
    category: item?.category ?? '',
    total_completed_projects: item?.total_completed_projects ?? 0,
    avg_reviews: item?.avg_reviews ?? 0,
    total_reviews: item?.total_reviews ?? 0,
  };
}

function toRequest(values: z.output<typeof skillInputSchema>): SkillInput {
  return { ...values, category: values.category || null };
}

export function SkillForm({ item, onSave }: ProfileItemFormProps<'skills'>) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SkillInput, unknown, z.output<typeof skillInputSchema>>({
    resolver: zodResolver(skillInputSchema),
    defaultValues: skillFormValues(item),
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    return saveWithFeedback(() => onSave(toRequest(values)), {
      fields: FIELDS,
      onFieldError: (field, message, focus) => setError(field, { message }, { shouldFocus: focus }),
      onFailure: setFailure,
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <TextField label="Skill Name" required error={errors.name?.message} {...register('name')} />
      <SelectField
        label="Level"
        required
        placeholder="Select a level"
        options={SKILL_LEVELS}
        error={errors.level?.message}
        {...register('level')}
      />
      <TextField
        label="Category"
        optional
        placeholder="e.g. Frontend, Design"
        error={errors.category?.message}
        {...register('category')}
      />
      <StatisticsFields
        projects={{
          registration: register('total_completed_projects', statisticsRegisterOptions),
          error: errors.total_completed_projects?.message,
        }}
        rating={{
          registration: register('avg_reviews', statisticsRegisterOptions),
          error: errors.avg_reviews?.message,
        }}
        reviews={{
          registration: register('total_reviews', statisticsRegisterOptions),
          error: errors.total_reviews?.message,
        }}
      />
      <ProfileFormActions saving={isSubmitting} />
    </form>
  );
}
