import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormProps } from 'react-hook-form';
import { ApiError } from './api-client';
import { showFieldErrors } from './form-errors';

/** The server's own words when it gave any, else the form's. */
export function failureDetail(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}

/**
 * react-hook-form for a form the server answers. `failure` is the one message above the fields, cleared
 * each time the form is sent; `submit(send, onFailure)` is handleSubmit with the try/catch around `send`;
 * `showServerErrors` puts the server's field errors on their fields and, when it named none, shows
 * `message` as the failure.
 */
export function useServerForm<
  TFieldValues extends FieldValues,
  TContext = unknown,
  TTransformedValues = TFieldValues,
>(props: UseFormProps<TFieldValues, TContext, TTransformedValues>) {
  const form = useForm(props);
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;

  const submit = (send: (values: TTransformedValues) => Promise<void>, onFailure: (error: unknown) => void) =>
    form.handleSubmit(async (values) => {
      setFailure(null);
      try {
        await send(values);
      } catch (error) {
        onFailure(error);
      }
    });

  const showServerErrors = (error: unknown, fields: readonly Path<TFieldValues>[], message: string) => {
    if (showFieldErrors(error, fields, form.setError) === 0) setFailure(message);
  };

  return { ...form, errors, isSubmitting, failure, setFailure, submit, showServerErrors };
}
