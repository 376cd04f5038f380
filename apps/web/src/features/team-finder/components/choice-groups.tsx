import type { Technology } from '@teamhire/shared';
import { Check } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { TechnologyTags } from './technology-tags';

/** A project type card shows at most 3 of its technologies, then '+N more', so cards keep one height. */
export const CARD_TECHNOLOGY_LIMIT = 3;

export interface ChoiceItem {
  id: number;
  name: string;
  description?: string | null;
  technologies?: readonly Technology[];
}

export interface ChoiceGroupProps {
  legend: string;
  hint?: ReactNode;
  items: readonly ChoiceItem[];
  selected: readonly number[];
  onToggle: (id: number) => void;
}

function GroupShell({ legend, hint, children }: { legend: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-slate-900">{legend}</legend>
      {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
      <div className="mt-4">{children}</div>
    </fieldset>
  );
}

function ChoiceCard({
  item,
  checked,
  onToggle,
}: {
  item: ChoiceItem;
  checked: boolean;
  onToggle: (id: number) => void;
}) {
  const id = useId();
  return (
    <li
      className={`relative flex gap-3 rounded-xl border p-4 transition-colors motion-reduce:transition-none has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600 ${
        checked ? 'border-indigo-600 bg-indigo-50' : 'border-slate-300 bg-white hover:border-indigo-400'
      }`}
    >
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={() => onToggle(item.id)}
        aria-describedby={item.description ? `${id}-description` : undefined}
        className="relative z-10 mt-1 size-4 shrink-0 accent-indigo-600 focus-visible:outline-none"
      />
      <div className="min-w-0 flex-1">
        {/* The label's overlay makes the whole card a target, not just the small box. */}
        <label
          htmlFor={id}
          className="cursor-pointer font-semibold text-slate-900 after:absolute after:inset-0 after:content-['']"
        >
          {item.name}
        </label>
        {item.description ? (
          <p id={`${id}-description`} className="mt-1 text-sm text-slate-600">
            {item.description}
          </p>
        ) : null}
        {item.technologies && item.technologies.length > 0 ? (
          <div className="mt-3">
            <TechnologyTags
              technologies={item.technologies}
              limit={CARD_TECHNOLOGY_LIMIT}
              label={`Technologies of ${item.name}`}
            />
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** Multi-select cards: a name, a description and a few technologies each. */
export function ChoiceCardGroup({ legend, hint, items, selected, onToggle }: ChoiceGroupProps) {
  return (
    <GroupShell legend={legend} hint={hint}>
      <ul className="grid gap-3 sm:grid-cols-2">
        {items.map((item) => (
          <ChoiceCard key={item.id} item={item} checked={selected.includes(item.id)} onToggle={onToggle} />
        ))}
      </ul>
    </GroupShell>
  );
}

/** Multi-select chips for short names such as technologies. */
export function ChoiceChipGroup({ legend, hint, items, selected, onToggle }: ChoiceGroupProps) {
  return (
    <GroupShell legend={legend} hint={hint}>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => {
          const checked = selected.includes(item.id);
          return (
            <li key={item.id}>
              <label
                className={`relative inline-flex cursor-pointer items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium transition-colors motion-reduce:transition-none has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600 ${
                  checked
                    ? 'border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-indigo-400 hover:bg-indigo-50'
                }`}
              >
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() => onToggle(item.id)}
                  className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
                />
                {checked ? <Check aria-hidden="true" className="size-4" /> : null}
                {item.name}
              </label>
            </li>
          );
        })}
      </ul>
    </GroupShell>
  );
}
