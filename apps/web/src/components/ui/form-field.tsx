import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ComponentPropsWithRef, type ReactNode } from 'react';

interface FieldShellProps {
  id: string;
  label: string;
  optional?: boolean;
  hint?: string;
  hintId: string;
  error?: string;
  errorId: string;
  children: ReactNode;
}

function FieldShell({ id, label, optional, hint, hintId, error, errorId, children }: FieldShellProps) {
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

const controlClassName =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 transition-colors motion-reduce:transition-none focus:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600 disabled:bg-slate-100';

function useFieldIds(explicitId: string | undefined) {
  const generated = useId();
  const id = explicitId ?? generated;
  return { id, hintId: `${id}-hint`, errorId: `${id}-error` };
}

function describedBy(hint: string | undefined, hintId: string, error: string | undefined, errorId: string) {
  const ids = [hint ? hintId : null, error ? errorId : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

interface OwnFieldProps {
  label: string;
  optional?: boolean;
  hint?: string;
  error?: string;
}

export type TextFieldProps = OwnFieldProps & ComponentPropsWithRef<'input'> & { startIcon?: ReactNode };

export function TextField({
  label,
  optional,
  hint,
  error,
  startIcon,
  id: explicitId,
  className = '',
  ...props
}: TextFieldProps) {
  const { id, hintId, errorId } = useFieldIds(explicitId);
  const input = (
    <input
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(hint, hintId, error, errorId)}
      className={`${controlClassName} ${startIcon ? 'pl-10' : ''} ${error ? 'border-red-600' : 'border-slate-300'} ${className}`}
      {...props}
    />
  );
  return (
    <FieldShell {...{ id, label, optional, hint, hintId, error, errorId }}>
      {startIcon ? (
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500">
            {startIcon}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
}

export type PasswordFieldProps = OwnFieldProps & Omit<ComponentPropsWithRef<'input'>, 'type'>;

/** A password input with a show/hide toggle; the toggle's name says which field it reveals. */
export function PasswordField({
  label,
  optional,
  hint,
  error,
  id: explicitId,
  className = '',
  ...props
}: PasswordFieldProps) {
  const { id, hintId, errorId } = useFieldIds(explicitId);
  const [visible, setVisible] = useState(false);
  const subject = label.toLowerCase();
  return (
    <FieldShell {...{ id, label, optional, hint, hintId, error, errorId }}>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint, hintId, error, errorId)}
          className={`${controlClassName} pr-11 ${error ? 'border-red-600' : 'border-slate-300'} ${className}`}
          {...props}
        />
        <button
          type="button"
          aria-label={visible ? `Hide ${subject}` : `Show ${subject}`}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-900"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-4" />
          ) : (
            <Eye aria-hidden="true" className="size-4" />
          )}
        </button>
      </div>
    </FieldShell>
  );
}

export type TextAreaFieldProps = OwnFieldProps & ComponentPropsWithRef<'textarea'>;

export function TextAreaField({
  label,
  optional,
  hint,
  error,
  id: explicitId,
  className = '',
  ...props
}: TextAreaFieldProps) {
  const { id, hintId, errorId } = useFieldIds(explicitId);
  return (
    <FieldShell {...{ id, label, optional, hint, hintId, error, errorId }}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, hintId, error, errorId)}
        className={`${controlClassName} min-h-32 resize-y ${error ? 'border-red-600' : 'border-slate-300'} ${className}`}
        {...props}
      />
    </FieldShell>
  );
}
