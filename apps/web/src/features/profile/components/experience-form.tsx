import { zodResolver } from '@hookform/resolvers/zod';
import { experienceInputSchema, type Experience, type ExperienceInput } from '@teamhire/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { saveWithFeedback, type ProfileItemFormProps } from '../profile-form-submit';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ProfileFormActions } from './profile-form-actions';
import { StatisticsFields, statisticsRegisterOptions } from './statistics-fields';

const FIELDS = experienceInputSchema.keyof().options;

export function experienceFormValues(item?: Experience): ExperienceInput {
  return {
    title: item?.title ?? '',
    company: item?.company ?? '',
    start_date: item?.start_date ?? '',
    end_date: item?.end_date ?? '',
    current: item?.current ?? false,
    description: item?.description ?? '',
    total_completed_projects: item?.total_completed_projects ?? 0,
    avg_reviews: item?.avg_reviews ?? 0,
    total_reviews: item?.total_reviews ?? 0,
  };
}

/** Every field, optional ones as null: an update replaces the whole item. */
function toRequest(values: z.output<typeof experienceInputSchema>): ExperienceInput {
  return {
    ...values,
    end_date: values.current ? null : (values.end_date ?? null),
    description: values.description || null,
  };
}

export function ExperienceForm({ item, onSave }: ProfileItemFormProps<'experiences'>) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    clearErrors,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(experienceInputSchema),
    defaultValues: experienceFormValues(item),
  });
  const current = useWatch({ control, name: 'current' });
  const startDate = useWatch({ control, name: 'start_date' });

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
      <TextField label="Title" required error={errors.title?.message} {...register('title')} />
      <TextField label="Company" required error={errors.company?.message} {...register('company')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Start Date"
          type="date"
          required
          error={errors.start_date?.message}
          {...register('start_date')}
        />
        <TextField
          label="End Date"
          type="date"
          optional
          min={startDate || undefined}
          disabled={current}
          error={errors.end_date?.message}
          {...register('end_date')}
        />
      </div>
      <CheckboxField
        label="I currently work here"
        {...register('current', {
          onChange: (event: { target: { checked: boolean } }) => {
            // A current position has no end yet; the disabled field must not keep a hidden value.
            if (event.target.checked) {
              setValue('end_date', '');
              clearErrors('end_date');
            }
          },
        })}
      />
      <TextAreaField
        label="Description"
        optional
        error={errors.description?.message}
        {...register('description')}
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
