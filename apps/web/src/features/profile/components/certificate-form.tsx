import { zodResolver } from '@hookform/resolvers/zod';
import { certificateInputSchema, type Certificate, type CertificateInput } from '@teamhire/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/form-field';
import { saveWithFeedback, type ProfileItemFormProps } from '../profile-form-submit';
import { ProfileFormActions } from './profile-form-actions';

const FIELDS = certificateInputSchema.keyof().options;

export function certificateFormValues(item?: Certificate): CertificateInput {
  return {
    name: item?.name ?? '',
    issuer: item?.issuer ?? '',
    issue_date: item?.issue_date ?? '',
    expiry_date: item?.expiry_date ?? '',
    credential_id: item?.credential_id ?? '',
    credential_url: item?.credential_url ?? '',
  };
}

function toRequest(values: z.output<typeof certificateInputSchema>): CertificateInput {
  return {
    ...values,
    expiry_date: values.expiry_date ?? null,
    credential_id: values.credential_id || null,
    credential_url: values.credential_url ?? null,
  };
}

export function CertificateForm({ item, onSave }: ProfileItemFormProps<'certificates'>) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(certificateInputSchema),
    defaultValues: certificateFormValues(item),
  });
  const issueDate = useWatch({ control, name: 'issue_date' });

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
      <TextField label="Certificate Name" required error={errors.name?.message} {...register('name')} />
      <TextField label="Issuer" required error={errors.issuer?.message} {...register('issuer')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Issue Date"
          type="date"
          required
          error={errors.issue_date?.message}
          {...register('issue_date')}
        />
        <TextField
          label="Expiry Date"
          type="date"
          optional
          min={issueDate || undefined}
          error={errors.expiry_date?.message}
          {...register('expiry_date')}
        />
      </div>
      <TextField
        label="Credential ID"
        optional
        error={errors.credential_id?.message}
        {...register('credential_id')}
      />
      <TextField
        label="Credential URL"
        type="url"
        optional
        placeholder="https://"
        error={errors.credential_url?.message}
        {...register('credential_url')}
      />
      <ProfileFormActions saving={isSubmitting} />
    </form>
  );
}
