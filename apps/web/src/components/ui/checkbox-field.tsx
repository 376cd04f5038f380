import { useId, type ComponentPropsWithRef } from 'react';

export type CheckboxFieldProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & { label: string };

export function CheckboxField({ label, id: explicitId, ...props }: CheckboxFieldProps) {
  const generated = useId();
  const id = explicitId ?? generated;
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        className="size-4 rounded border-slate-400 text-indigo-600 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        {...props}
      />
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
    </div>
  );
}
