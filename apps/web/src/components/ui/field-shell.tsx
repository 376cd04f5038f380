import { useId, type ReactNode } from 'react';

export interface OwnFieldProps {
  label: string;
  optional?: boolean;
  hint?: string;
  error?: string;
}

/**
 * The ids and attributes that tie a control to its label, hint and error, so a screen reader
 * reads the hint and the error with the control: `shell` goes to FieldShell, `control` onto the
 * input, textarea or select, and `rest` (the props the field does not use itself) onto the control.
 */
export function useField<P extends OwnFieldProps & { id?: string; className?: string }>(props: P) {
  const { id: explicitId, label, optional, hint, error, className = '', ...rest } = props;
  const generated = useId();
  const id = explicitId ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return {
    shell: { id, label, optional, hint, hintId, error, errorId },
    control: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
    /** The border that shows an error, then the caller's own classes. */
    stateClassName: `${error ? 'border-red-600' : 'border-slate-300'} ${className}`,
    rest,
  };
}

type FieldShellProps = ReturnType<typeof useField>['shell'] & { children: ReactNode };

export function FieldShell({ id, label, optional, hint, hintId, error, errorId, children }: FieldShellProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {optional ? <span className="ml-1 font-normal text-slate-500">(optional)</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
