import type { Technology } from '@teamhire/shared';

/** The tags shown and how many are left out ('+N more'); everything shows without a limit. */
export function visibleTags<Item>(
  items: readonly Item[],
  limit?: number,
): { shown: readonly Item[]; hidden: number } {
  if (limit === undefined || items.length <= limit) return { shown: items, hidden: 0 };
  return { shown: items.slice(0, limit), hidden: items.length - limit };
}

export function TechnologyTags({
  technologies,
  limit,
  label = 'Technologies',
}: {
  technologies: readonly Technology[];
  limit?: number;
  label?: string;
}) {
  if (technologies.length === 0) return null;
  const { shown, hidden } = visibleTags(technologies, limit);
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {shown.map((technology) => (
        <li
          key={technology.id}
          className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
        >
          {technology.name}
        </li>
      ))}
      {hidden > 0 ? (
        <li className="rounded-md px-1 py-0.5 text-xs font-medium text-slate-600">{`+${hidden} more`}</li>
      ) : null}
    </ul>
  );
}
