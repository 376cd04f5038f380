import { ArrowRight, Briefcase, ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';

export type AccountType = 'SELLER' | 'BUYER';

interface AccountTypeOption {
  role: AccountType;
  title: string;
  description: string;
  icon: ReactNode;
}

export const ACCOUNT_TYPE_OPTIONS: readonly AccountTypeOption[] = [
  {
    role: 'SELLER',
    title: 'Seller',
    description: 'Browse and join teams, collaborate on projects',
    icon: <Briefcase aria-hidden="true" className="size-7" />,
  },
  {
    role: 'BUYER',
    title: 'Buyer',
    description: 'Purchase services from teams and individual sellers',
    icon: <ShoppingBag aria-hidden="true" className="size-7" />,
  },
];

export function accountTypeTitle(role: AccountType): string {
  return ACCOUNT_TYPE_OPTIONS.find((option) => option.role === role)?.title ?? role;
}

export function AccountTypeStep({
  headingRef,
  onChoose,
  descriptions,
}: {
  headingRef: (element: HTMLHeadingElement | null) => void;
  onChoose: (role: AccountType) => void;
  /** Other words for the same choice (the contact flow's sign-up speaks of contacting teams). */
  descriptions?: Record<AccountType, string>;
}) {
  return (
    <section aria-labelledby="account-type-heading">
      <h2
        id="account-type-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-center text-lg font-semibold text-slate-900 focus:outline-none"
      >
        Choose Your Account Type
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {ACCOUNT_TYPE_OPTIONS.map((option) => (
          <li key={option.role}>
            <button
              type="button"
              onClick={() => onChoose(option.role)}
              aria-describedby={`account-type-${option.role}-description`}
              className="group flex h-full w-full flex-col items-start gap-3 rounded-xl border-2 border-slate-200 bg-white p-5 text-left transition-colors hover:border-indigo-500 hover:bg-indigo-50/50 motion-reduce:transition-none"
            >
              <span className="flex size-12 items-center justify-center rounded-lg bg-indigo-100 text-indigo-700">
                {option.icon}
              </span>
              <span className="flex w-full items-center justify-between text-lg font-bold text-slate-900">
                {option.title}
                <ArrowRight
                  aria-hidden="true"
                  className="size-5 text-indigo-600 transition-transform group-hover:translate-x-1 motion-reduce:transition-none"
                />
              </span>
              <span id={`account-type-${option.role}-description`} className="text-sm text-slate-600">
                {descriptions?.[option.role] ?? option.description}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
