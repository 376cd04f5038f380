import { HEADER_SCROLLED_PX } from '@teamhire/shared';
import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { scrollToSection } from '../../lib/scroll';
import { hasSession } from '../../lib/auth-tokens';
import { settleSessionHint } from '../../lib/session-hint';
import { useSignedIn } from '../../lib/use-signed-in';
import { ContactTeamDialogHost } from '../contact-team/contact-team-dialog-host';
import { useScrolledPast } from './use-scrolled-past';
import { BrandLogo } from './brand-logo';

export const LANDING_SECTIONS = [
  { id: 'services', label: 'Services' },
  { id: 'team', label: 'Team' },
  { id: 'about', label: 'About' },
  { id: 'contact', label: 'Contact' },
] as const;

const MOBILE_MENU_ID = 'mobile-navigation';

const AccountToolbar = lazy(() =>
  import('./signed-in-navigation').then((module) => ({ default: module.AccountToolbar })),
);
const PrimaryNavigation = lazy(() =>
  import('./signed-in-navigation').then((module) => ({ default: module.PrimaryNavigation })),
);
const WorkspaceNavigation = lazy(() =>
  import('./signed-in-navigation').then((module) => ({ default: module.WorkspaceNavigation })),
);

/** Holds the toolbar's place while its code loads, so the bar does not jump. */
function AccountToolbarPlaceholder({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`size-9 rounded-full bg-slate-100 ${className}`} />;
}

const sectionItemClassName =
  'rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 motion-reduce:transition-none';

function SectionItems({
  onHome,
  onNavigate,
  className,
}: {
  onHome: boolean;
  onNavigate: () => void;
  className: string;
}) {
  return LANDING_SECTIONS.map((section) =>
    onHome ? (
      <button
        key={section.id}
        type="button"
        className={`${sectionItemClassName} ${className}`}
        onClick={() => {
          onNavigate();
          scrollToSection(section.id);
        }}
      >
        {section.label}
      </button>
    ) : (
      <Link
        key={section.id}
        to={`/#${section.id}`}
        className={`${sectionItemClassName} ${className}`}
        onClick={onNavigate}
      >
        {section.label}
      </Link>
    ),
  );
}

function VisitorActions({ onNavigate, stacked }: { onNavigate: () => void; stacked: boolean }) {
  return (
    <>
      <Link
        to="/login"
        onClick={onNavigate}
        className={buttonClassName('ghost', 'md', stacked ? 'w-full' : '')}
      >
        Login
      </Link>
      <Link
        to="/register"
        onClick={onNavigate}
        className={buttonClassName('primary', 'md', stacked ? 'w-full' : '')}
      >
        Join
      </Link>
    </>
  );
}

export function NavigationBar() {
  const { pathname } = useLocation();
  const onHome = pathname === '/';
  const signedIn = useSignedIn();
  const scrolled = useScrolledPast(HEADER_SCROLLED_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeMenu = () => setMenuOpen(false);

  // Hydration draws a pre-rendered page's header for a visitor first: the hint settles once the header
  // shows the session that is stored.
  useEffect(() => {
    if (signedIn === hasSession()) settleSessionHint();
  }, [signedIn]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header
      data-scrolled={scrolled}
      className={`border-b bg-white/95 backdrop-blur transition-shadow motion-reduce:transition-none ${
        scrolled ? 'border-slate-200 shadow-md' : 'border-transparent'
      }`}
    >
      <nav
        aria-label="Main"
        className={`mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 transition-[padding] motion-reduce:transition-none sm:px-6 lg:px-8 ${
          scrolled ? 'py-2' : 'py-4'
        }`}
      >
        <BrandLogo onNavigate={closeMenu} />

        <div className="hidden items-center gap-1 md:flex">
          {signedIn ? (
            <Suspense fallback={null}>
              <PrimaryNavigation />
            </Suspense>
          ) : (
            <SectionItems onHome={onHome} onNavigate={closeMenu} className="" />
          )}
        </div>
        <div className="flex items-center gap-2">
          {signedIn ? (
            <Suspense fallback={<AccountToolbarPlaceholder />}>
              <AccountToolbar />
            </Suspense>
          ) : (
            <>
              <div className="visitor-actions hidden items-center gap-2 md:flex">
                <VisitorActions onNavigate={closeMenu} stacked={false} />
              </div>
              <AccountToolbarPlaceholder className="signed-in-hint" />
            </>
          )}

          <button
            ref={menuButtonRef}
            type="button"
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
          </button>
        </div>
      </nav>

      {signedIn ? (
        <div className="hidden border-t border-slate-100 md:block">
          <Suspense fallback={<div className="h-11" />}>
            <WorkspaceNavigation variant="bar" />
          </Suspense>
        </div>
      ) : null}

      <div
        id={MOBILE_MENU_ID}
        hidden={!menuOpen}
        className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden"
      >
        {signedIn ? (
          <Suspense fallback={null}>
            <WorkspaceNavigation variant="stacked" onNavigate={closeMenu} />
          </Suspense>
        ) : (
          <>
            <nav aria-label="Mobile" className="flex flex-col gap-1">
              <SectionItems onHome={onHome} onNavigate={closeMenu} className="text-left" />
            </nav>
            <div className="mt-3 flex flex-col gap-2 border-t border-slate-200 pt-3">
              <VisitorActions onNavigate={closeMenu} stacked />
            </div>
          </>
        )}
      </div>
      {/* The bar is on every page a visitor sees, so the Contact Team chooser lives with it. */}
      <ContactTeamDialogHost />
    </header>
  );
}
