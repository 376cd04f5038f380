import { Plus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';

/** Packages belong to teams: without one, the way forward is to create it. */
export function NoTeamsPanel({ title, body }: { title: string; body: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <Users aria-hidden="true" className="size-10 text-slate-400" />
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <p className="max-w-md text-slate-600">{body}</p>
      <Link to="/teams/create" className={buttonClassName('primary', 'md', 'mt-2')}>
        <Plus aria-hidden="true" className="size-4" />
        Create Team
      </Link>
    </div>
  );
}
