import { CHAT_TEXTS } from '@teamhire/shared';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';

export const ROOM_NOT_FOUND = 'This chat does not exist.';

/** Access denied (403), not signed in (401) or no such room (404). */
export function AccessProblem({ status }: { status: 401 | 403 | 404 }) {
  const message =
    status === 401 ? CHAT_TEXTS.loginRequired : status === 404 ? ROOM_NOT_FOUND : CHAT_TEXTS.noPermission;
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <title>Access Denied · TeamHire</title>
      <div className="max-w-md text-center">
        <ShieldAlert aria-hidden="true" className="mx-auto size-12 text-red-600" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">
          {status === 404 ? 'Chat Not Found' : 'Access Denied'}
        </h1>
        <p className="mt-2 text-slate-600">{message}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/login" className={buttonClassName('primary')}>
            Go to Login
          </Link>
          <Link to="/dashboard" className={buttonClassName('secondary')}>
            Back to Dashboard
          </Link>
        </div>
      </div>
    </div>
  );
}
