import { useId, type ComponentPropsWithRef } from 'react';

export type SelectFieldProps = ComponentPropsWithRef<'select'> & {
  label: string;
  error?: string;
  options: readonly string[];
  placeholder: string;
};

/** A native select in the look of the shared text fields: the platform's own picker is the accessible one. */
export function SelectField({
  label,
  error,
  options,
  placeholder,
  id: explicitId,
  ...props
}: SelectFieldProps) {
  const generated = useId();
  const id = explicitId ?? generated;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600 ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...props}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
