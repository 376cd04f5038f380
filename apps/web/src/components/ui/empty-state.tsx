import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * What a list shows when it has nothing: an icon, what is missing, a line on what to do, and an
 * optional action. `titleAs="h2"` when the empty state stands in for a whole page section.
 */
export function EmptyState({
  icon: Icon,
  title,
  titleAs = 'p',
  text,
  children,
}: {
  icon: LucideIcon;
  title: ReactNode;
  titleAs?: 'p' | 'h2';
  text?: ReactNode;
  children?: ReactNode;
}) {
  const Title = titleAs;
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Icon aria-hidden="true" className="mx-auto size-10 text-slate-400" />
      <Title
        className={
          titleAs === 'h2' ? 'mt-3 text-lg font-semibold text-slate-900' : 'mt-3 font-semibold text-slate-900'
        }
      >
        {title}
      </Title>
      {text ? <p className="mt-1 text-sm text-slate-600">{text}</p> : null}
      {children}
    </div>
  );
}
