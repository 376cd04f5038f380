export interface SelectionSummaryProps {
  serviceTitle: string;
  options: readonly string[];
  technologies: readonly string[];
  budgetLabel: string | null;
  timelineLabel: string | null;
}

function SummaryList({ items, empty }: { items: readonly string[]; empty: string }) {
  if (items.length === 0) return <span className="text-slate-500">{empty}</span>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item} className="rounded-md bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-900">
          {item}
        </li>
      ))}
    </ul>
  );
}

export function SelectionSummary({
  serviceTitle,
  options,
  technologies,
  budgetLabel,
  timelineLabel,
}: SelectionSummaryProps) {
  return (
    <dl className="space-y-4 text-sm">
      <div>
        <dt className="font-medium text-slate-600">Service</dt>
        <dd className="mt-1 font-semibold text-slate-900">{serviceTitle}</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-600">Project options</dt>
        <dd className="mt-1">
          <SummaryList items={options} empty="None selected" />
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-600">Technologies</dt>
        <dd className="mt-1">
          <SummaryList items={technologies} empty="Any technology" />
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-600">Budget range</dt>
        <dd className={`mt-1 ${budgetLabel ? 'text-slate-900' : 'text-slate-500'}`}>
          {budgetLabel ?? 'Not specified'}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-600">Timeline</dt>
        <dd className={`mt-1 ${timelineLabel ? 'text-slate-900' : 'text-slate-500'}`}>
          {timelineLabel ?? 'Not specified'}
        </dd>
      </div>
    </dl>
  );
}
