import { formatMoney } from '../../lib/format';

export interface MoneyTotal {
  key: string;
  label: string;
  hint: string;
  amount: number;
}

/** A row of money cards (label, amount, what it means): earnings and the admin's finance balances. */
export function MoneyTotals({
  totals,
  columnsClass,
}: {
  totals: readonly MoneyTotal[];
  columnsClass: string;
}) {
  return (
    <dl className={`grid gap-4 ${columnsClass}`}>
      {totals.map(({ key, label, hint, amount }) => (
        <div key={key} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{formatMoney(amount)}</dd>
          <dd className="mt-1 text-xs text-slate-600">{hint}</dd>
        </div>
      ))}
    </dl>
  );
}
