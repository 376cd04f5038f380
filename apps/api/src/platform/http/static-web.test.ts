import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { pageForPath } from './static-web';

const INDEX =
  '<!doctype html><html><head><title>TeamHire</title></head><body><div id="root"></div></body></html>';
const LANDING = `<!doctype html><html><head><style>h1{color:red}</style></head><body><div id="root" data-prerendered><h1>${'Powering Teams '.repeat(100)}</h1></div></body></html>`;
const PACKAGE =
  '<!doctype html><html><head></head><body><div id="root" data-prerendered><p>Loading service package...</p></div></body></html>';
const BROWSE =
  '<!doctype html><html><head></head><body><div id="root" data-prerendered><h1>Browse Services</h1></div></body></html>';
const PAGES = [
  { pattern: '^/$', file: 'prerendered/landing.html' },
  { pattern: '^/service-package/[1-9][0-9]{0,15}$', file: 'prerendered/service-package.html' },
  { pattern: '^/services/browse$', file: 'prerendered/browse.html', withoutQuery: true },
];

async function webBuild(pages: unknown): Promise<string> {
  const distDir = await mkdtemp(join(tmpdir(), 'teamhire-web-'));
  await mkdir(join(distDir, 'prerendered'));
  await writeFile(join(distDir, 'index.html'), INDEX);
  await writeFile(join(distDir, 'prerendered/landing.html'), LANDING);
  await writeFile(join(distDir, 'prerendered/landing.html.br'), brotliCompressSync(LANDING));
  await writeFile(join(distDir, 'prerendered/service-package.html'), PACKAGE);
  await writeFile(join(distDir, 'prerendered/browse.html'), BROWSE);
  await writeFile(
    join(distDir, 'prerendered/pages.json'),
    typeof pages === 'string' ? pages : JSON.stringify(pages),
  );
  return distDir;
}

describe('choosing the HTML of a client route', () => {
  const pages = PAGES.map((page) => ({
    pattern: new RegExp(page.pattern),
    file: page.file,
    withoutQuery: page.withoutQuery === true,
  }));

  it('takes the first pre-rendered page whose pattern matches, else index.html', () => {
    expect(pageForPath(pages, '/')).toBe('prerendered/landing.html');
    expect(pageForPath(pages, '/service-package/42')).toBe('prerendered/service-package.html');
    for (const path of [
      '/service-package/0',
      '/service-package/abc',
      '/service-package/42/edit',
      '/teams',
      '/x/',
    ]) {
      expect(pageForPath(pages, path), path).toBe('index.html');
    }
    expect(pageForPath([], '/')).toBe('index.html');
  });

  it('takes a page rendered for the plain address only when there is no query string', () => {
    expect(pageForPath(pages, '/services/browse')).toBe('prerendered/browse.html');
    expect(pageForPath(pages, '/services/browse', '')).toBe('prerendered/browse.html');
    expect(pageForPath(pages, '/services/browse', 'q=logo')).toBe('index.html');
    expect(pageForPath(pages, '/service-package/42', 'from=search')).toBe('prerendered/service-package.html');
  });
});

describe('the pre-rendered pages of the web build', () => {
  let distDir: string;
  let context: TestContext;

  beforeAll(async () => {
    distDir = await webBuild(PAGES);
    context = await createTestApp({ SERVE_WEB: 'true', WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await context?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('answers the landing page with its pre-rendered HTML, never cached, precompressed', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(LANDING);
  });

  it('answers a package detail address with the package page, whatever the package', async () => {
    for (const url of ['/service-package/1', '/service-package/987?from=search']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(PACKAGE);
    }
  });

  it('answers the browse page with its HTML without criteria, and with index.html with criteria', async () => {
    for (const url of ['/services/browse', '/services/browse?']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(BROWSE);
    }
    for (const url of ['/services/browse?q=logo', '/services/browse?category=3&page=2']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
    }
  });

  it('answers every other client route with index.html', async () => {
    for (const url of ['/teams', '/service-package/abc', '/service-package/1/edit', '/login?next=/']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
    }
  });

  it('answers a missing file under /uploads with 404 and the error shape, never the HTML of the app', async () => {
    for (const url of [
      '/uploads/avatars/0b6f1c2e-5b1a-4c1e-9d8f-1a2b3c4d5e6f.webp',
      '/uploads/images/none.webp',
      '/uploads',
    ]) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toBe(INDEX);
      expect(response.json(), url).toMatchObject({ code: 'not_found' });
    }
  });

  it("allows the page's inline styles (the content security policy keeps 'unsafe-inline' for styles)", async () => {
    const response = await context.app.inject({ method: 'GET', url: '/' });
    const policy = String(response.headers['content-security-policy']);
    const styles = policy.split(';').find((directive) => directive.trim().startsWith('style-src'));
    expect(styles).toContain("'unsafe-inline'");
    expect(policy).toMatch(/script-src 'self'(;|$)/);
  });
});

describe('a web build whose list of pre-rendered pages is unusable', () => {
  for (const [label, pages] of [
    ['not JSON', '{'],
    ['not a list', { pattern: '^/$' }],
    ['a file outside the build', [{ pattern: '^/$', file: '../secret.html' }]],
    ['a file that is missing', [{ pattern: '^/$', file: 'prerendered/gone.html' }]],
    [
      'a query rule that is not true or false',
      [{ pattern: '^/$', file: 'prerendered/landing.html', withoutQuery: 'yes' }],
    ],
  ] as const) {
    it(`serves index.html everywhere when the list is ${label}`, async () => {
      const distDir = await webBuild(pages);
      const context = await createTestApp({ SERVE_WEB: 'true', WEB_DIST_DIR: distDir });
      try {
        const response = await context.app.inject({ method: 'GET', url: '/' });
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe(INDEX);
      } finally {
        await context.close();
        await rm(distDir, { recursive: true, force: true });
      }
    });
  }
});
