/** A row of small labels, or a muted text when there are none. */
export function TagList({
  items,
  empty,
  label,
}: {
  items: readonly string[];
  empty: string;
  label?: string;
}) {
  if (items.length === 0) return <span className="text-slate-500">{empty}</span>;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item} className="rounded-md bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-900">
          {item}
        </li>
      ))}
    </ul>
  );
}
