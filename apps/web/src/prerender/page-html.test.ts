import { describe, expect, it } from 'vitest';
import { prerenderedPageHtml } from './page-html';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>TeamHire</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-1.js">
    <link rel="modulepreload" crossorigin href="/assets/shell-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

function render(
  markup = '<main>Hello</main>',
  scripts = ['/assets/shell-1.js', '/assets/page-1.js'],
  chunksAfterPaint = true,
) {
  return prerenderedPageHtml(TEMPLATE, {
    markup,
    entryScripts: ['/assets/index-1.js', '/assets/runtime-1.js'],
    scripts,
    chunksAfterPaint,
    stylesheets: new Map([['/assets/index-1.css', 'main{color:red}']]),
  });
}

describe('a pre-rendered page', () => {
  it('has the page in #root, marked for the app to hydrate', () => {
    const html = prerenderedPageHtml(TEMPLATE.replace(/\s*<link rel="modulepreload"[^>]*shell-1[^>]*>/, ''), {
      markup: '<main>Hello</main>',
      entryScripts: ['/assets/index-1.js', '/assets/runtime-1.js'],
      scripts: [],
      chunksAfterPaint: true,
      stylesheets: new Map([['/assets/index-1.css', 'main{color:red}']]),
    });
    expect(html).toContain('<div id="root" data-prerendered><main>Hello</main></div>');
  });

  it('takes the title React put first into the head', () => {
    const html = render('<title>Landing · TeamHire</title><main>Hello</main>');
    expect(html).toContain('<title>Landing · TeamHire</title>');
    expect(html).not.toContain('<title>TeamHire</title>');
    expect(html).toContain('<main>Hello</main></div>');
  });

  it('keeps the template title when the page sets none', () => {
    expect(render()).toContain('<title>TeamHire</title>');
  });

  it('has its styles inline instead of a stylesheet to wait for', () => {
    const html = render();
    expect(html).toContain('<style>main{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');
  });

  it('fetches the entry and its imports at low priority', () => {
    const html = render();
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">');
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/runtime-1.js">',
    );
  });

  it("lists the app's and the route's other chunks for the entry to request after the first paint, each once", () => {
    const html = render();
    expect(html.match(/shell-1\.js/g)).toHaveLength(1);
    expect(html.match(/page-1\.js/g)).toHaveLength(1);
    expect(html).toContain(
      '<div id="root" data-prerendered data-route-chunks="/assets/shell-1.js /assets/page-1.js"><main>Hello</main></div>',
    );
    expect(html).not.toMatch(/<link[^>]*(shell|page)-1\.js/);
  });

  it("fetches the app's and the route's chunks with the HTML, each once, for a page whose content the app draws", () => {
    const html = render('<main>Hello</main>', ['/assets/shell-1.js', '/assets/page-1.js'], false);
    expect(html.match(/shell-1\.js/g)).toHaveLength(1);
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shell-1.js">',
    );
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/page-1.js">',
    );
    expect(html.indexOf('page-1.js')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root" data-prerendered><main>Hello</main></div>');
  });

  it('refuses a chunk path that does not fit in an attribute', () => {
    expect(() => render('<main>Hello</main>', ['/assets/a b".js'])).toThrow(/cannot be listed/);
  });

  it('keeps a dollar sign in the markup as it is', () => {
    expect(render("<p>$& and $' cost $1</p>")).toContain(
      "<p>$&amp; and $' cost $1</p>".replace('&amp;', '&'),
    );
  });

  it('refuses a template without an empty #root, and a stylesheet it cannot inline', () => {
    expect(() =>
      prerenderedPageHtml('<html></html>', {
        markup: '',
        entryScripts: [],
        scripts: [],
        chunksAfterPaint: true,
        stylesheets: new Map(),
      }),
    ).toThrow(/no <div id="root"><\/div>/);
    expect(() =>
      prerenderedPageHtml(TEMPLATE, {
        markup: '',
        entryScripts: [],
        scripts: [],
        chunksAfterPaint: true,
        stylesheets: new Map(),
      }),
    ).toThrow(/no content for the stylesheet/);
    expect(() =>
      prerenderedPageHtml(TEMPLATE, {
        markup: '',
        entryScripts: [],
        scripts: [],
        chunksAfterPaint: true,
        stylesheets: new Map([['/assets/index-1.css', 'a{}</style><script>x</script>']]),
      }),
    ).toThrow(/cannot be inlined/);
  });
});
