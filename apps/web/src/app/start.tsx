import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { createAppRouter, whenRouterReady } from './router';

/** Ends the current task, so that the browser may handle input (and paint) before the next step. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Starts the app in the page's #root. A page the build pre-rendered (data-prerendered) is taken over
 * where it stands: once the code of its route is here, React hydrates the HTML instead of drawing it
 * again. Each step runs in a task of its own and the hydration in a transition, which React cuts into
 * short slices, so that a slow phone never stays unresponsive for long while the app starts.
 */
export async function startApp(container: HTMLElement): Promise<void> {
  const prerendered = container.dataset.prerendered !== undefined;
  if (prerendered) await nextTask();
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (!prerendered) {
    createRoot(container).render(app);
    return;
  }
  await whenRouterReady(router);
  await nextTask();
  startTransition(() => {
    hydrateRoot(container, app);
  });
}
