import type { BaseSyntheticEvent, ReactNode } from 'react';
import { Alert } from './alert';
import { FormActions } from './form-actions';

/** A form inside a dialog: its failure above the fields, Cancel and the submit button below them. */
export function DialogForm({
  label,
  failure,
  onSubmit,
  pending,
  submitIcon,
  submitLabel,
  children,
}: {
  label: string;
  failure: string | null;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  pending: boolean;
  submitIcon: ReactNode;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      {children}
      <FormActions cancel="dialog" pending={pending} submitIcon={submitIcon} submitLabel={submitLabel} />
    </form>
  );
}
