import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import { FieldShell, useField, type OwnFieldProps } from './field-shell';

const controlClassName =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 transition-colors motion-reduce:transition-none focus:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600 disabled:bg-slate-100';

export type TextFieldProps = OwnFieldProps & ComponentPropsWithRef<'input'> & { startIcon?: ReactNode };

export function TextField(props: TextFieldProps) {
  const field = useField(props);
  const { startIcon, ...rest } = field.rest;
  const input = (
    <input
      {...field.control}
      className={`${controlClassName} ${startIcon ? 'pl-10' : ''} ${field.stateClassName}`}
      {...rest}
    />
  );
  return (
    <FieldShell {...field.shell}>
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
export function PasswordField(props: PasswordFieldProps) {
  const field = useField(props);
  const [visible, setVisible] = useState(false);
  const subject = props.label.toLowerCase();
  return (
    <FieldShell {...field.shell}>
      <div className="relative">
        <input
          {...field.control}
          type={visible ? 'text' : 'password'}
          className={`${controlClassName} pr-11 ${field.stateClassName}`}
          {...field.rest}
        />
        <button
          type="button"
          aria-label={visible ? `Hide ${subject}` : `Show ${subject}`}
          aria-controls={field.control.id}
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

export function TextAreaField(props: TextAreaFieldProps) {
  const field = useField(props);
  return (
    <FieldShell {...field.shell}>
      <textarea
        {...field.control}
        className={`${controlClassName} min-h-32 resize-y ${field.stateClassName}`}
        {...field.rest}
      />
    </FieldShell>
  );
}
