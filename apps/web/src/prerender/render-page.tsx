import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/app';
import { routes, whenRouterReady } from '../app/router';

export { prerenderedPageHtml } from './page-html';
export { PRERENDERED_PAGES } from './prerendered-pages';

/**
 * The HTML of the app at `url` as a first-time visitor sees it before any data: no session, every
 * query still loading. main.tsx hydrates it, so it must be what the browser's first render produces.
 */
export async function renderPage(url: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  try {
    await whenRouterReady(router);
    const { prelude } = await prerender(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
      // Every boundary in place: React would otherwise move large ones to the end of the document with
      // an inline script to put them back, which the content security policy does not allow.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return await new Response(prelude).text();
  } finally {
    router.dispose();
  }
}
