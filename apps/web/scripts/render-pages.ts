// Prints the pre-rendered HTML of the given addresses as JSON ({ "/": "<div ...>" }), rendered the way
// the build renders them (src/prerender/render-page.tsx). The hydration test runs it in a process of
// its own: in one process React's server and client renderers would share their contexts.
// Usage: node --import tsx scripts/render-pages.ts / /service-package/1
import { renderPage } from '../src/prerender/render-page';

const pages: Record<string, string> = {};
for (const url of process.argv.slice(2)) pages[url] = await renderPage(url);
process.stdout.write(JSON.stringify(pages));
