import { PROFILE_TEXTS, type ProfileKind } from '@teamhire/shared';
import { ApiError } from '../../lib/api-client';
import { formFieldErrors } from '../../lib/form-errors';
import type { ProfileItem, ProfileItemInput } from './profile-item-types';

export interface ProfileItemFormProps<K extends ProfileKind> {
  /** The item being edited; absent when adding. */
  item?: ProfileItem<K>;
  /** Rejects when the save failed; the form then says why and stays open. */
  onSave: (input: ProfileItemInput<K>) => Promise<void>;
}

/** The server's own words for a refusal (over the limit, gone meanwhile); never a 5xx's internals. */
export function saveFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.detail) return error.detail;
  return PROFILE_TEXTS.saveFailed;
}

interface SaveFeedback<F extends string> {
  fields: readonly F[];
  onFieldError: (field: F, message: string, focus: boolean) => void;
  onFailure: (message: string) => void;
}

/** Runs a save: problems the server pinned to fields go on them, anything else above the form. */
export async function saveWithFeedback<F extends string>(
  save: () => Promise<void>,
  { fields, onFieldError, onFailure }: SaveFeedback<F>,
): Promise<void> {
  try {
    await save();
  } catch (error) {
    const fieldErrors = formFieldErrors(error, fields);
    fieldErrors.forEach(({ field, message }, index) => onFieldError(field, message, index === 0));
    if (fieldErrors.length === 0) onFailure(saveFailureMessage(error));
  }
}
