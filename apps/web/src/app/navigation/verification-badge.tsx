import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { VERIFICATION_PATH } from './navigation-links';

export function VerificationBadge({
  text,
  onNavigate,
  className = '',
}: {
  text: string;
  onNavigate?: () => void;
  className?: string;
}) {
  return (
    <Link
      to={VERIFICATION_PATH}
      onClick={onNavigate}
      className={`items-center gap-1.5 rounded-full border border-amber-300 bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-900 hover:bg-amber-100 ${className}`}
    >
      <ShieldAlert aria-hidden="true" className="size-4" />
      {text}
    </Link>
  );
}
