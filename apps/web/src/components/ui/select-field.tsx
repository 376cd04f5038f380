import type { ComponentPropsWithRef } from 'react';
import { FieldShell, useField, type OwnFieldProps } from './field-shell';

export type SelectFieldProps = OwnFieldProps &
  ComponentPropsWithRef<'select'> & {
    /** A plain list of choices, each its own label, after a first empty choice that reads `placeholder`. */
    options?: readonly string[];
    placeholder?: string;
  };

/** A native select dressed like the shared text fields: the platform's list is the accessible one. */
export function SelectField(props: SelectFieldProps) {
  const field = useField(props);
  const { options, placeholder = '', children, ...rest } = field.rest;
  return (
    <FieldShell {...field.shell}>
      <select
        {...field.control}
        className={`block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600 disabled:bg-slate-100 disabled:text-slate-500 ${field.stateClassName}`}
        {...rest}
      >
        {options ? (
          <>
            <option value="">{placeholder}</option>
            {options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </>
        ) : (
          children
        )}
      </select>
    </FieldShell>
  );
}
