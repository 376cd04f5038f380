import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';
import { useCurrentUser } from '../../lib/queries/get-current-user';
import { useNavigationFlags } from '../../lib/queries/get-navigation';
import {
  buildPrimaryLinks,
  buildWorkspaceLinks,
  showsMessageBell,
  verificationBadgeText,
} from './navigation-links';
import { ProfileMenu } from '../../features/accounts/components/profile-menu';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { VerificationBadge } from './verification-badge';

// The bell brings the chat's contract, its zod schemas and the realtime client: requested after the
// page's first paint, in its own chunk.
const HeaderBell = lazy(() => import('./header-bell').then((module) => ({ default: module.HeaderBell })));

/** Holds the bell's place (its button: 20 px icon, 8 px padding) until its code is here. */
function HeaderBellPlaceholder() {
  return <span aria-hidden="true" data-testid="header-bell-placeholder" className="size-9" />;
}

/**
 * The signed-in parts of the header. They load apart from the navigation bar, so that a visitor's
 * first download carries neither the menu library nor the account queries.
 */
export function AccountToolbar() {
  const user = useCurrentUser();
  const flags = useNavigationFlags();
  const badge = flags.data ? verificationBadgeText(flags.data) : null;
  const afterFirstPaint = useAfterFirstPaint();

  return (
    <div className="flex items-center gap-3">
      {badge ? <VerificationBadge text={badge} className="hidden sm:inline-flex" /> : null}
      {user.data && flags.data && showsMessageBell(user.data, flags.data) ? (
        afterFirstPaint ? (
          <Suspense fallback={<HeaderBellPlaceholder />}>
            <HeaderBell myName={user.data.username} />
          </Suspense>
        ) : (
          <HeaderBellPlaceholder />
        )
      ) : null}
      <ProfileMenu user={user.data} />
    </div>
  );
}

export const WORKSPACE_BAR_HEIGHT_CLASS = 'h-11';

const barLinkClassName =
  'shrink-0 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-600 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-800';
const stackedLinkClassName =
  'rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-800';

const primaryLinkClassName =
  'rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 motion-reduce:transition-none aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-800';

/** Dashboard, Services, Orders, Messages: in the bar where a visitor has the landing sections. */
export function PrimaryNavigation() {
  const user = useCurrentUser();
  const flags = useNavigationFlags();
  if (!user.data || !flags.data) return null;
  return buildPrimaryLinks(user.data, flags.data).map((link) => (
    <NavLink key={link.to} to={link.to} className={primaryLinkClassName}>
      {link.label}
    </NavLink>
  ));
}

/**
 * The role's own pages the server's permission flags allow: a row under the bar; in the mobile menu, a
 * list that starts with the primary links.
 */
export function WorkspaceNavigation({
  variant,
  onNavigate,
}: {
  variant: 'bar' | 'stacked';
  onNavigate?: () => void;
}) {
  const user = useCurrentUser();
  const flags = useNavigationFlags();
  if (!user.data || !flags.data) {
    return variant === 'bar' ? <div className={WORKSPACE_BAR_HEIGHT_CLASS} /> : null;
  }

  const links = buildWorkspaceLinks(user.data, flags.data);

  if (variant === 'stacked') {
    const badge = verificationBadgeText(flags.data);
    const allLinks = [...buildPrimaryLinks(user.data, flags.data), ...links];
    return (
      <nav aria-label="Workspace" className="flex flex-col gap-1">
        {badge ? (
          <VerificationBadge text={badge} onNavigate={onNavigate} className="flex self-start" />
        ) : null}
        {allLinks.map((link) => (
          <NavLink key={link.to} to={link.to} onClick={onNavigate} className={stackedLinkClassName}>
            {link.label}
          </NavLink>
        ))}
      </nav>
    );
  }

  return (
    <nav
      aria-label="Workspace"
      className={`mx-auto flex max-w-7xl items-center gap-1 overflow-x-auto px-4 sm:px-6 lg:px-8 ${WORKSPACE_BAR_HEIGHT_CLASS}`}
    >
      {links.map((link) => (
        <NavLink key={link.to} to={link.to} className={barLinkClassName}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
