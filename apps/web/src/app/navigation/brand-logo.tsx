import { Link } from 'react-router';

export function BrandLogo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/" onClick={onNavigate} className="flex items-center gap-2 rounded-lg text-slate-900">
      <span
        aria-hidden="true"
        className="flex size-9 items-center justify-center rounded-lg bg-indigo-700 text-lg font-extrabold text-white"
      >
        T
      </span>
      <span className="text-xl font-bold tracking-tight">TeamHire</span>
    </Link>
  );
}
