import { ApiError } from './api-client';

export interface FormFieldError<F extends string> {
  field: F;
  message: string;
}

/** The server names fields by where they came from ('body.email', decision 0005); forms know 'email'. */
export function formFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FormFieldError<F>[] {
  if (!(error instanceof ApiError)) return [];
  const found: FormFieldError<F>[] = [];
  for (const fieldError of error.fieldErrors) {
    const name = fieldError.path.replace(/^body\./, '');
    const field = fields.find((candidate) => candidate === name);
    if (field && !found.some((existing) => existing.field === field)) {
      found.push({ field, message: fieldError.message });
    }
  }
  return found;
}

/** Puts the server's field errors on the form's own fields, focusing the first; returns how many. */
export function showFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: (field: F, error: { message: string }, options: { shouldFocus: boolean }) => void,
): number {
  const found = formFieldErrors(error, fields);
  found.forEach(({ field, message }, index) => setError(field, { message }, { shouldFocus: index === 0 }));
  return found.length;
}
