export interface RadioCardOption<Value extends string> {
  value: Value;
  label: string;
}

export interface RadioCardGroupProps<Value extends string> {
  legend: string;
  name: string;
  options: readonly RadioCardOption<Value>[];
  value: Value | null;
  onChange: (value: Value) => void;
}

export function RadioCardGroup<Value extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: RadioCardGroupProps<Value>) {
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-slate-900">{legend}</legend>
      <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={`flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-sm font-medium transition-colors motion-reduce:transition-none has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600 ${
                checked
                  ? 'border-indigo-600 bg-indigo-50 text-indigo-950'
                  : 'border-slate-300 bg-white text-slate-800 hover:border-indigo-400'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="size-4 accent-indigo-600 focus-visible:outline-none"
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
