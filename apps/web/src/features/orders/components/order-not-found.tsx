import { ORDER_TEXTS } from '@teamhire/shared';
import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';

export function OrderNotFound() {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <SearchX aria-hidden="true" className="mx-auto size-10 text-slate-400" />
      <h2 className="mt-3 text-xl font-semibold text-slate-900">{ORDER_TEXTS.orderNotFound}</h2>
      <p className="mt-1 text-sm text-slate-600">This order does not exist or is not yours to see.</p>
      <Link to="/orders" className={buttonClassName('primary', 'md', 'mt-6')}>
        View My Orders
      </Link>
    </div>
  );
}
