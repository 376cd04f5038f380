import type { User } from '@teamhire/shared';
import { ChevronDown, CreditCard, History, KeyRound, LogOut, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { RoleLabel } from '../../../components/ui/role-label';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { useSignOut } from '../use-sign-out';

const MENU_LINKS: readonly { label: string; to: string; icon: ReactNode }[] = [
  { label: 'Profile', to: '/profile', icon: <UserRound aria-hidden="true" className="size-4" /> },
  {
    label: 'Change Password',
    to: '/profile/change-password',
    icon: <KeyRound aria-hidden="true" className="size-4" />,
  },
  { label: 'View Activity', to: '/activity', icon: <History aria-hidden="true" className="size-4" /> },
  {
    label: 'Billing & Payments',
    to: '/billing-payments',
    icon: <CreditCard aria-hidden="true" className="size-4" />,
  },
];

/** Works before the user has loaded (or when loading failed), so Logout is always within reach. */
export function ProfileMenu({ user }: { user: User | undefined }) {
  const signOut = useSignOut();

  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex items-center gap-2 rounded-full p-0.5 text-left text-slate-800 hover:bg-slate-100 lg:rounded-xl lg:py-1 lg:pr-2 lg:pl-1">
        {user ? (
          <UserAvatar user={user} size="sm" />
        ) : (
          <span aria-hidden="true" className="size-8 animate-pulse rounded-full bg-slate-200" />
        )}
        <span className="sr-only">{user ? `Account menu for ${user.username}` : 'Account menu'}</span>
        {user ? (
          <span aria-hidden="true" className="hidden flex-col leading-tight lg:flex">
            <span className="text-sm font-semibold">{user.username}</span>
            <RoleLabel user={user} className="text-xs text-slate-600" />
          </span>
        ) : null}
        <ChevronDown aria-hidden="true" className="hidden size-4 text-slate-500 lg:block" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {user ? (
          <DropdownMenuLabel className="flex items-center gap-3">
            <UserAvatar user={user} size="md" />
            <span className="flex min-w-0 flex-col">
              <span className="truncate text-sm font-semibold text-slate-900">{`Welcome, ${user.username}!`}</span>
              <RoleLabel user={user} className="text-xs text-slate-600" />
            </span>
          </DropdownMenuLabel>
        ) : null}
        {user ? <DropdownMenuSeparator /> : null}
        {MENU_LINKS.map((link) => (
          <DropdownMenuItem key={link.to} asChild>
            <Link to={link.to}>
              {link.icon}
              {link.label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={signOut}>
          <LogOut aria-hidden="true" className="size-4" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
