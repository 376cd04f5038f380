import { CircleCheck, CircleExclamationPoint, Info } from 'lucide-react';
import type { ReactNode } from 'react';

export type AlertVariant = 'error' | 'success' | 'info';

const variantClassNames: Record<AlertVariant, string> = {
  error: 'border-red-200 bg-red-50 text-red-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  info: 'border-indigo-200 bg-indigo-50 text-indigo-950',
};

const icons: Record<AlertVariant, ReactNode> = {
  error: <CircleExclamationPoint aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />,
  success: <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />,
  info: <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-700" />,
};

/** A message box; errors interrupt the screen reader, the others wait their turn. */
export function Alert({
  variant,
  children,
  className = '',
}: {
  variant: AlertVariant;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-2 rounded-lg border px-4 py-3 text-sm font-medium ${variantClassNames[variant]} ${className}`}
    >
      {icons[variant]}
      <div className="flex-1">{children}</div>
    </div>
  );
}
