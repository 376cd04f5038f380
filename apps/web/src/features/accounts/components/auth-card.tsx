import type { ReactNode } from 'react';

/** The centred card shared by the sign-in, registration, reset and verification pages. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  wide = false,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="bg-gradient-to-br from-indigo-50 via-white to-emerald-50 px-4 py-12 sm:py-16">
      <title>{`${title} · TeamHire`}</title>
      <div
        className={`mx-auto w-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 ${wide ? 'max-w-3xl' : 'max-w-md'}`}
      >
        <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-2 text-center text-slate-600">{subtitle}</p> : null}
        <div className="mt-8">{children}</div>
        {footer ? (
          <div className="mt-8 border-t border-slate-200 pt-6 text-center text-sm text-slate-600">
            {footer}
          </div>
        ) : null}
      </div>
    </div>
  );
}

export const inlineLinkClassName =
  'font-semibold text-indigo-700 underline-offset-2 hover:text-indigo-900 hover:underline';
