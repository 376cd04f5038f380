import { Suspense, type ReactNode } from 'react';

/**
 * A part of a page that React hydrates on its own: on a pre-rendered page (decision 0041) each such
 * part is taken over in a pass and commit of its own, so that no single task of the phone's main
 * thread has to hydrate the whole page and run all of its effects. Otherwise it only renders its
 * children; nothing inside suspends without a boundary of its own.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
