import { useId, type ComponentPropsWithRef } from 'react';

export type SelectFieldProps = ComponentPropsWithRef<'select'> & {
  label: string;
  optional?: boolean;
  hint?: string;
  error?: string;
  /** A plain list of choices, each its own label, after a first empty choice that reads `placeholder`. */
  options?: readonly string[];
  placeholder?: string;
};

/** A native select dressed like the shared text fields: the platform's list is the accessible one. */
export function SelectField({
  label,
  optional,
  hint,
  error,
  id: explicitId,
  className = '',
  options,
  placeholder = '',
  children,
  ...props
}: SelectFieldProps) {
  const generated = useId();
  const id = explicitId ?? generated;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {optional ? <span className="ml-1 font-normal text-slate-500">(optional)</span> : null}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600 disabled:bg-slate-100 disabled:text-slate-500 ${error ? 'border-red-600' : 'border-slate-300'} ${className}`}
        {...props}
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
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
