/** What goes into a pre-rendered page besides the template (the built index.html). */
export interface PageParts {
  /** React's HTML of the page; a leading <title> (React puts the page's own title first) goes to the head. */
  markup: string;
  /** Paths of the JavaScript chunks of the page's route, fetched at once (modulepreload). */
  scripts: readonly string[];
  /** The stylesheets the template links to, by served path, with their content. */
  stylesheets: ReadonlyMap<string, string>;
}

const EMPTY_ROOT = '<div id="root"></div>';
const LEADING_TITLE = /^<title>[^<]*<\/title>/;
const TEMPLATE_TITLE = /<title>[^<]*<\/title>/;
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script type="module"/g;
const MODULE_PRELOAD = /<link rel="modulepreload"/g;

/**
 * The built index.html with a page's HTML in #root (marked data-prerendered, for main.tsx), the page's
 * title, its stylesheets inline and its route's chunks preloaded.
 *
 * - The styles are inline because a pre-rendered page can be painted as soon as its HTML is here,
 *   and a stylesheet link would make that paint wait for one more round trip.
 * - The scripts are fetched at low priority: the page is already on screen without them, so they should
 *   not compete with what the first paint needs.
 */
export function prerenderedPageHtml(template: string, { markup, scripts, stylesheets }: PageParts): string {
  if (!template.includes(EMPTY_ROOT)) throw new Error(`the template has no ${EMPTY_ROOT}`);
  const title = LEADING_TITLE.exec(markup)?.[0];
  const body = title ? markup.slice(title.length) : markup;

  let html = template
    .replace(STYLESHEET_LINK, (_link, href: string) => {
      const css = stylesheets.get(href);
      if (css === undefined) throw new Error(`no content for the stylesheet ${href}`);
      if (css.includes('</style')) throw new Error(`${href} cannot be inlined: it contains </style`);
      return `<style>${css}</style>`;
    })
    .replace(MODULE_SCRIPT, '<script type="module" fetchpriority="low"')
    .replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
  if (title) html = html.replace(TEMPLATE_TITLE, () => title);
  const preloads = scripts
    .filter((path) => !html.includes(`"${path}"`))
    .map((path) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${path}">`)
    .join('');
  return html
    .replace('</head>', () => `${preloads}</head>`)
    .replace(EMPTY_ROOT, () => `<div id="root" data-prerendered>${body}</div>`);
}
