import { zodResolver } from '@hookform/resolvers/zod';
import { educationInputSchema, type Education, type EducationInput } from '@teamhire/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { saveWithFeedback, type ProfileItemFormProps } from '../profile-form-submit';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ProfileFormActions } from './profile-form-actions';

const FIELDS = educationInputSchema.keyof().options;

export function educationFormValues(item?: Education): EducationInput {
  return {
    degree: item?.degree ?? '',
    institution: item?.institution ?? '',
    field_of_study: item?.field_of_study ?? '',
    start_date: item?.start_date ?? '',
    end_date: item?.end_date ?? '',
    current: item?.current ?? false,
    gpa: item?.gpa ?? null,
    description: item?.description ?? '',
  };
}

/** An empty GPA is 'not stated' (null), not 0. */
function toOptionalGpa(value: unknown): number | null {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && value.trim() !== '' ? Number(value) : null;
}

function toRequest(values: z.output<typeof educationInputSchema>): EducationInput {
  return {
    ...values,
    field_of_study: values.field_of_study || null,
    end_date: values.current ? null : (values.end_date ?? null),
    gpa: values.gpa ?? null,
    description: values.description || null,
  };
}

export function EducationForm({ item, onSave }: ProfileItemFormProps<'education'>) {
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
    resolver: zodResolver(educationInputSchema),
    defaultValues: educationFormValues(item),
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
      <TextField label="Degree" required error={errors.degree?.message} {...register('degree')} />
      <TextField
        label="Institution"
        required
        error={errors.institution?.message}
        {...register('institution')}
      />
      <TextField
        label="Field of Study"
        optional
        error={errors.field_of_study?.message}
        {...register('field_of_study')}
      />
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
        label="I currently study here"
        {...register('current', {
          onChange: (event: { target: { checked: boolean } }) => {
            // Still studying means no end date yet; the disabled field must not keep a hidden value.
            if (event.target.checked) {
              setValue('end_date', '');
              clearErrors('end_date');
            }
          },
        })}
      />
      <TextField
        label="GPA"
        type="number"
        inputMode="decimal"
        optional
        min={0}
        max={10}
        step={0.01}
        error={errors.gpa?.message}
        {...register('gpa', { setValueAs: toOptionalGpa })}
      />
      <TextAreaField
        label="Description"
        optional
        error={errors.description?.message}
        {...register('description')}
      />
      <ProfileFormActions saving={isSubmitting} />
    </form>
  );
}
