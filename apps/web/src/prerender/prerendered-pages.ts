/**
 * The pages the build renders to HTML ahead of time (scripts/prerender.mjs), so that the first paint
 * needs no JavaScript. The server sends a page's HTML for every path its pattern matches (see
 * apps/api/src/platform/http/static-web.ts); the app then takes over without redrawing it (main.tsx).
 */
export interface PrerenderedPage {
  /** File name in dist/prerendered/. */
  name: string;
  /** The address rendered; its content must be the same for every path the pattern matches. */
  url: string;
  /** Paths served with this page (a regular expression). */
  pattern: string;
  /**
   * Served only for an address without a query string. A page whose content follows the query (the
   * browse criteria in its fields) is rendered for the plain address; an address with a query gets
   * index.html, and the app draws it as before.
   */
  withoutQuery?: boolean;
  /**
   * The route needs a sign-in. Its HTML is drawn without a session, as for every pre-rendered page,
   * so it must show nothing personal; ProtectedRoute lets hydration take it over and sends a visitor to
   * the login page in the render right after.
   */
  signInRequired?: boolean;
  /** The page's lazy route module, whose chunks are fetched with the HTML or after the first paint. */
  routeModule: string;
  /**
   * The page's largest content is in its HTML: the app's and the route's chunks are requested once the
   * page is painted (page-html.ts). A page whose main content the app draws from its data (a package,
   * a team) asks for them with the HTML instead, so that the app arrives as early as it can.
   */
  chunksAfterPaint?: boolean;
  /**
   * API addresses the page's first view needs, for a path the pattern matched: main.tsx starts them
   * as it runs, so the answers are here when the app has arrived to ask (lib/early-requests.ts).
   */
  earlyRequests?: (path: string) => string[];
}

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  {
    name: 'landing',
    url: '/',
    pattern: '^/$',
    routeModule: 'src/app/landing-page.tsx',
    chunksAfterPaint: true,
  },
  {
    // The package is not known at build time: the page is rendered as it looks while its data loads.
    name: 'service-package',
    url: '/service-package/1',
    pattern: '^/service-package/[1-9][0-9]{0,15}$',
    routeModule: 'src/features/packages/package-detail-page.tsx',
    // The same addresses as getPackage and getPackageReviews.
    earlyRequests: (path) => {
      const id = path.slice('/service-package/'.length);
      return [`/api/service-packages/${id}`, `/api/service-packages/${id}/reviews`];
    },
  },
  {
    // Like the package page: one page for every team, as it looks while the team loads.
    name: 'team',
    url: '/teams/1',
    pattern: '^/teams/[1-9][0-9]{0,15}$',
    routeModule: 'src/app/team-page.tsx',
    // The same address as getTeamProfile.
    earlyRequests: (path) => [`/api/teams/${path.slice('/teams/'.length)}/profile`],
  },
  {
    // The heading, the description, the search and the filters, as they look while the first page
    // of results loads. The criteria live in the query string, which the build cannot know.
    name: 'browse',
    url: '/services/browse',
    pattern: '^/services/browse$',
    withoutQuery: true,
    signInRequired: true,
    routeModule: 'src/features/packages/browse-packages-page.tsx',
    chunksAfterPaint: true,
  },
];
