/** What goes into a pre-rendered page besides the template (the built index.html). */
export interface PageParts {
  /** React's HTML of the page; a leading <title> (React puts the page's own title first) goes to the head. */
  markup: string;
  /**
   * Paths of the entry's chunk and of the chunks it imports statically: what must run to notice the
   * first paint (main.tsx), fetched with the HTML.
   */
  entryScripts: readonly string[];
  /** Paths of the JavaScript chunks of the page's route. */
  scripts: readonly string[];
  /** Whether the chunks beyond the entry's are requested after the first paint, or with the HTML. */
  chunksAfterPaint: boolean;
  /** The stylesheets the template links to, by served path, with their content. */
  stylesheets: ReadonlyMap<string, string>;
}

const EMPTY_ROOT = '<div id="root"></div>';
const LEADING_TITLE = /^<title>[^<]*<\/title>/;
const TEMPLATE_TITLE = /<title>[^<]*<\/title>/;
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script type="module"/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g;
const ATTRIBUTE_SAFE_PATH = /^\/[\w./-]+$/;

/**
 * The built index.html with a page's HTML in #root (marked data-prerendered, for main.tsx), the page's
 * title, its stylesheets inline, and the chunks of the app and of its route either listed in #root's
 * data-route-chunks (`chunksAfterPaint`) or preloaded with the HTML.
 *
 * - The styles are inline because a pre-rendered page can be painted as soon as its HTML is here,
 *   and a stylesheet link would make that paint wait for one more round trip.
 * - The scripts the HTML asks for are fetched at low priority: the page is already on screen without
 *   them, so they should not compete with what the first paint needs.
 * - With `chunksAfterPaint` (a page whose largest content is in the HTML) the HTML asks only for the
 *   entry and what it imports. The other chunks (React DOM, the router and the shell, which the
 *   template preloads for the app drawn by the browser, and the route's code: about 200 KB on the
 *   browse page) are requested by main.tsx once the page has been painted, since the app does not run
 *   before then anyway: requested with the HTML, they would share a phone's connection with the
 *   document while it is still arriving.
 */
export function prerenderedPageHtml(
  template: string,
  { markup, entryScripts, scripts, chunksAfterPaint, stylesheets }: PageParts,
): string {
  if (!template.includes(EMPTY_ROOT)) throw new Error(`the template has no ${EMPTY_ROOT}`);
  const title = LEADING_TITLE.exec(markup)?.[0];
  const body = title ? markup.slice(title.length) : markup;

  const afterPaint: string[] = [];
  let html = template
    .replace(STYLESHEET_LINK, (_link, href: string) => {
      const css = stylesheets.get(href);
      if (css === undefined) throw new Error(`no content for the stylesheet ${href}`);
      if (css.includes('</style')) throw new Error(`${href} cannot be inlined: it contains </style`);
      return `<style>${css}</style>`;
    })
    .replace(MODULE_SCRIPT, '<script type="module" fetchpriority="low"')
    .replace(MODULE_PRELOAD, (link, href: string) => {
      if (!chunksAfterPaint || entryScripts.includes(href)) {
        return link.replace('<link rel="modulepreload"', '$& fetchpriority="low"');
      }
      afterPaint.push(href);
      return '';
    });
  if (title) html = html.replace(TEMPLATE_TITLE, () => title);
  const others = scripts.filter((path) => !html.includes(`"${path}"`) && !afterPaint.includes(path));
  if (chunksAfterPaint) {
    afterPaint.push(...others);
  } else {
    const preloads = others
      .map((path) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${path}">`)
      .join('');
    html = html.replace('</head>', () => `${preloads}</head>`);
  }
  for (const path of afterPaint) {
    if (!ATTRIBUTE_SAFE_PATH.test(path)) throw new Error(`${path} cannot be listed in an attribute`);
  }
  const chunkList = afterPaint.length > 0 ? ` data-route-chunks="${afterPaint.join(' ')}"` : '';
  return html.replace(EMPTY_ROOT, () => `<div id="root" data-prerendered${chunkList}>${body}</div>`);
}
