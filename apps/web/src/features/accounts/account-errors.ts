import { ACCOUNT_TEXTS } from '@teamhire/shared';
import { ApiError, NetworkError } from '../../lib/api-client';
import { formFieldErrors, type FormFieldError } from '../../lib/form-errors';

/** 'Login failed', or the server's text when it gave one. */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof NetworkError) return error.message;
  if (error instanceof ApiError && error.detail) return error.detail;
  return ACCOUNT_TEXTS.loginFailed;
}

export const REGISTRATION_FIELDS = ['username', 'email', 'password'] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

export interface RegistrationFailure {
  /** Shown above the form; null when the field errors say it all. */
  message: string | null;
  fieldErrors: FormFieldError<RegistrationField>[];
}

/** The field a taken-identity code is about, with the server's words (else the usual ones). */
function takenFieldError(error: ApiError): FormFieldError<RegistrationField> | null {
  if (error.code === 'username_taken') {
    return { field: 'username', message: error.detail ?? ACCOUNT_TEXTS.usernameTaken };
  }
  if (error.code === 'email_taken') {
    return { field: 'email', message: error.detail ?? ACCOUNT_TEXTS.emailTaken };
  }
  return null;
}

/** The registration failure texts, each after the prefix 'Registration failed. '. */
export function registrationFailure(error: unknown): RegistrationFailure {
  const prefix = ACCOUNT_TEXTS.registrationFailedPrefix;
  if (error instanceof NetworkError) {
    return { message: prefix + ACCOUNT_TEXTS.registrationConnection, fieldErrors: [] };
  }
  if (error instanceof ApiError) {
    const fieldErrors = formFieldErrors(error, REGISTRATION_FIELDS);
    if (error.status === 409) {
      const taken = fieldErrors.length > 0 ? fieldErrors : [takenFieldError(error)].filter((e) => e !== null);
      if (taken.length > 0) return { message: null, fieldErrors: taken };
    }
    if (error.status === 422) return { message: prefix + ACCOUNT_TEXTS.registrationInvalid, fieldErrors };
    if (error.status >= 500) return { message: prefix + ACCOUNT_TEXTS.registrationServer, fieldErrors: [] };
    return { message: prefix + (error.detail ?? ACCOUNT_TEXTS.registrationUnknown), fieldErrors: [] };
  }
  if (error instanceof Error && error.message) return { message: prefix + error.message, fieldErrors: [] };
  return { message: ACCOUNT_TEXTS.registrationFailed, fieldErrors: [] };
}
