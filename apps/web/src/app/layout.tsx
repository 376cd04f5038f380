import { useMemo } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { HydrationBoundary } from '../components/ui/hydration-boundary';
import { HealthBanner } from '../features/health/components/health-banner';
import { NavigationBar } from './navigation/navigation-bar';
import { useSignedIn } from '../lib/use-signed-in';
import { ContactTeamProvider } from './contact-team/contact-team-provider';
import { SiteFooter } from './site-footer';
import { FocusPageHeading } from './focus-page-heading';
import { UserAwareScrollRestoration } from './user-aware-scroll-restoration';

export const MAIN_CONTENT_ID = 'main-content';

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-indigo-100">
      <div className="navigation-progress h-full w-1/3 bg-indigo-600" />
    </div>
  );
}

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-indigo-800 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]"
    >
      Skip to main content
    </a>
  );
}

/** These pages bring their own compact header for a signed-in user, so the navigation bar would repeat it. */
export function hidesNavigationBar(pathname: string, signedIn: boolean): boolean {
  return signedIn && (pathname === '/dashboard' || pathname.startsWith('/team-chat/'));
}

/**
 * A conversation fills the screen below the header, its composer always in view: the page is exactly
 * as tall as the window (no footer under it), and only the message list scrolls.
 */
function isFullHeightPage(pathname: string): boolean {
  return /^\/(team-)?chat\/[^/]+\/?$/.test(pathname);
}

/**
 * The navigation bar, unless the page brings its own header. It reads the session here, not in Layout:
 * on a pre-rendered page (drawn for a visitor) a stored session changes it right after React has taken
 * the page's frame over, and a Layout drawn again then would hand new children to the parts React has
 * not taken over yet, which React would then take over all at once, in one long task. The element is
 * kept while nothing it depends on changes, so the bar's own part is taken over in its turn too.
 */
function NavigationArea({ pathname }: { pathname: string }) {
  const hidden = hidesNavigationBar(pathname, useSignedIn());
  return useMemo(
    () =>
      hidden ? null : (
        <HydrationBoundary>
          <NavigationBar />
        </HydrationBoundary>
      ),
    [hidden],
  );
}

export function Layout() {
  const { pathname } = useLocation();
  const fullHeight = isFullHeightPage(pathname);
  return (
    <ContactTeamProvider>
      <div className={`flex flex-col bg-white text-slate-900 ${fullHeight ? 'h-dvh' : 'min-h-screen'}`}>
        <SkipLink />
        <NavigationProgress />
        <div className="sticky top-0 z-40 shrink-0">
          <HealthBanner />
          <NavigationArea pathname={pathname} />
        </div>
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className={`flex-1 focus:outline-none ${fullHeight ? 'flex min-h-0 flex-col' : ''}`}
        >
          <HydrationBoundary>
            <Outlet />
          </HydrationBoundary>
        </main>
        {fullHeight ? null : (
          <HydrationBoundary>
            <SiteFooter />
          </HydrationBoundary>
        )}
        <UserAwareScrollRestoration />
        <FocusPageHeading mainId={MAIN_CONTENT_ID} />
      </div>
    </ContactTeamProvider>
  );
}
