import { Check } from 'lucide-react';

export interface ToggleButtonGroupProps {
  legend: string;
  hint?: string;
  items: readonly string[];
  selected: ReadonlySet<string>;
  onToggle: (item: string) => void;
}

export function ToggleButtonGroup({ legend, hint, items, selected, onToggle }: ToggleButtonGroupProps) {
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-slate-900">{legend}</legend>
      {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {items.map((item) => {
          const pressed = selected.has(item);
          return (
            <button
              key={item}
              type="button"
              aria-pressed={pressed}
              onClick={() => onToggle(item)}
              className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium transition-colors motion-reduce:transition-none ${
                pressed
                  ? 'border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700'
                  : 'border-slate-300 bg-white text-slate-800 hover:border-indigo-400 hover:bg-indigo-50'
              }`}
            >
              {pressed ? <Check aria-hidden="true" className="size-4" /> : null}
              {item}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
