import type { ReactNode } from 'react';

export interface DataTableColumn {
  label: string;
  align?: 'left' | 'right';
}

interface DataTableProps {
  /** Names the scroll region and, for screen readers, the table. */
  label: string;
  caption: string;
  columns: readonly DataTableColumn[];
  /** The table's narrowest width before its region scrolls sideways (Tailwind class), e.g. `min-w-[40rem]`. */
  minWidthClass?: string;
  children: ReactNode;
}

/**
 * The one frame of a data table: a card whose region scrolls sideways when the table is wider than the
 * page (a phone) and which keyboard users can reach (axe: scrollable-region-focusable), a caption for
 * screen readers and the column headers.
 */
export function DataTable({
  label,
  caption,
  columns,
  minWidthClass = 'min-w-[40rem]',
  children,
}: DataTableProps) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <table className={`w-full text-left text-sm ${minWidthClass}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`px-4 py-3 ${column.align === 'right' ? 'text-right' : ''}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
