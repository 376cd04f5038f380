import type { ReactNode } from 'react';

/** The frame every profile item shares: its details, and the owner's Edit and Delete beside them. */
export function ItemCard({
  title,
  subtitle,
  badge,
  actions,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  badge?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-semibold break-words text-slate-900">{title}</h3>
            {badge}
          </div>
          {subtitle ? <p className="mt-0.5 text-slate-700">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
      </div>
      {children}
    </article>
  );
}

export function ItemMeta({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
      {icon}
      <span>{children}</span>
    </p>
  );
}

export function ItemDescription({ text }: { text: string | null }) {
  if (!text) return null;
  return <p className="mt-3 text-sm whitespace-pre-line text-slate-700">{text}</p>;
}
