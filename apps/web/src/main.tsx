import './index.css';
import { startEarlyRequest } from './lib/early-requests';
import { PRERENDERED_PAGES } from './prerender/prerendered-pages';
import { markSessionHint } from './lib/session-hint';

// First, before anything is painted if it can be: the header of a pre-rendered page follows it.
markSessionHint();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');
const prerendered = container.dataset.prerendered !== undefined;

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The chunks of a pre-rendered page's route (React DOM, the router, the shell, the page), listed by the
 * build in #root's data-route-chunks: requested when the app starts, that is once the page has been
 * painted (see page-html.ts), so that the imports below find them arriving. Each link the document
 * takes costs the main thread a little, so they are added a few at a time, in tasks of their own: no
 * single task then keeps a slow phone from answering.
 */
const CHUNKS_PER_TASK = 4;

async function requestRouteChunks(list: string | undefined): Promise<void> {
  const paths = list?.split(' ').filter(Boolean) ?? [];
  for (let first = 0; first < paths.length; first += CHUNKS_PER_TASK) {
    if (first > 0) await nextTask();
    document.head.append(
      ...paths.slice(first, first + CHUNKS_PER_TASK).map((path) => {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = path;
        return link;
      }),
    );
  }
}

let started = false;
function start(): void {
  if (started) return;
  started = true;
  void requestRouteChunks(container!.dataset.routeChunks);
  // The app's largest parts one after the other, each run in a task of its own: shorter tasks keep a
  // slow phone responsive while the app starts.
  void import('react-dom/client')
    .then(nextTask)
    .then(() => import('./app/router-library'))
    .then(nextTask)
    .then(() => import('./app/start'))
    .then(({ startApp }) => startApp(container!));
}

if (prerendered) {
  const { pathname } = window.location;
  const page = PRERENDERED_PAGES.find((candidate) => new RegExp(candidate.pattern).test(pathname));
  page?.earlyRequests?.(pathname).forEach(startEarlyRequest);
}

/**
 * A pre-rendered page is on screen without any JavaScript, so the app (whose first run takes the main
 * thread for a while) starts once the browser has painted it, not before. Without paint timing, or
 * when the page is not painted soon (a tab opened in the background), it starts anyway.
 */
const PAINT_WAIT_LIMIT_MS = 1000;

if (!prerendered || typeof PerformanceObserver === 'undefined') {
  start();
} else {
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  });
  try {
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    start();
  }
  setTimeout(() => {
    observer.disconnect();
    start();
  }, PAINT_WAIT_LIMIT_MS);
}
