import { zodResolver } from '@hookform/resolvers/zod';
import { VERIFICATION_TEXTS, verificationRequestCreateSchema, type UserRole } from '@teamhire/shared';
import { Send } from 'lucide-react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { SubmitButton } from '../../../components/ui/form-actions';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { useToast } from '../../../components/ui/toast-context';
import { useRequestVerification } from '../api/request-verification';
import { messageLengthHint } from '../message-length';

type VerificationRequestForm = UseFormReturn<
  z.input<typeof verificationRequestCreateSchema>,
  unknown,
  z.output<typeof verificationRequestCreateSchema>
>;

/**
 * A role-upgrade request form, wherever it is asked from: sends it, says so in a toast and empties
 * the form, or shows the screen's own failure text and keeps what was typed.
 */
export function useVerificationRequestForm(
  requestedRole: UserRole | undefined,
  failureMessage: (error: unknown) => string,
) {
  const requestVerification = useRequestVerification();
  const { showToast } = useToast();
  const form: VerificationRequestForm = useForm({
    resolver: zodResolver(verificationRequestCreateSchema),
    defaultValues: { requested_role: requestedRole, request_message: '', documents_url: '' },
  });
  const onSubmit = form.handleSubmit((request) =>
    requestVerification.mutateAsync(request).then(
      () => {
        showToast({ title: VERIFICATION_TEXTS.submitSuccess, variant: 'success' });
        form.reset();
      },
      (error: unknown) => showToast({ title: failureMessage(error), variant: 'error' }),
    ),
  );
  return { form, onSubmit, pending: requestVerification.isPending };
}

/** The request's reason, supporting documents and submit button, the same on every request form. */
export function VerificationRequestFields({
  form,
  messageLabel,
  submitLabel,
  pending,
  disabled = false,
}: {
  form: VerificationRequestForm;
  messageLabel: string;
  submitLabel: string;
  pending: boolean;
  disabled?: boolean;
}) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const message = useWatch({ control, name: 'request_message' });
  return (
    <>
      <TextAreaField
        label={messageLabel}
        hint={messageLengthHint(message)}
        required
        disabled={disabled}
        error={errors.request_message?.message}
        {...register('request_message')}
      />
      <TextField
        label="Supporting documents URL"
        optional
        type="url"
        inputMode="url"
        placeholder="https://"
        disabled={disabled}
        error={errors.documents_url?.message}
        {...register('documents_url')}
      />
      <div className="flex justify-end">
        <SubmitButton
          pending={pending}
          disabled={disabled}
          icon={<Send aria-hidden="true" className="size-4" />}
        >
          {submitLabel}
        </SubmitButton>
      </div>
    </>
  );
}
