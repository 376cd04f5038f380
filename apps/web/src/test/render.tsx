import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { ContactTeamProvider } from '../app/contact-team/contact-team-provider';
import { ToastProvider } from '../components/ui/toast';

/** Pages wait on a chain of answers and the toast region loads lazily: give a loaded machine time. */
export const SLOW = { timeout: 5000 };

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

export function LocationProbe() {
  const location = useLocation();
  return (
    <output aria-label="Current location">{`${location.pathname}${location.search}${location.hash}`}</output>
  );
}

export function renderWithProviders(
  ui: ReactNode,
  {
    route = '/',
    path = '*',
    extraRoutes = [],
    queryClient = createTestQueryClient(),
  }: { route?: string; path?: string; extraRoutes?: RouteObject[]; queryClient?: QueryClient } = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter>; queryClient: QueryClient } {
  // The extra routes are pages too (a confirmation after paying): they get the provider as well.
  const router = createMemoryRouter(
    // Every route, the extra ones too, can offer Contact Team as the app's layout does.
    [
      {
        element: (
          <ContactTeamProvider>
            <Outlet />
          </ContactTeamProvider>
        ),
        children: [{ path, element: ui }, ...extraRoutes],
      },
    ],
    { initialEntries: [route] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/**
 * Route objects as the app mounts them, at `path`; each of `probePaths` shows where a redirect went
 * (a LocationProbe).
 */
export function renderRoutesAt(routes: RouteObject[], path: string, probePaths: readonly string[]) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <ContactTeamProvider>
            <Outlet />
          </ContactTeamProvider>
        ),
        HydrateFallback: () => null,
        children: [
          ...routes,
          ...probePaths.map((probePath) => ({ path: probePath, element: <LocationProbe /> })),
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return renderRouter(router);
}

/** A memory router under the app's providers, with a fresh query client. */
export function renderRouter(router: ReturnType<typeof createMemoryRouter>) {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return router;
}
