import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from '../app/app';
import { routes, whenRouterReady } from '../app/router';
import { stubFetch } from '../test/fetch-stub';
import { PRERENDERED_PAGES } from './prerendered-pages';

const WEB_ROOT = resolve(import.meta.dirname, '../..');
let rendered: Record<string, string> = {};

beforeAll(async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/render-pages.ts', ...PRERENDERED_PAGES.map((page) => page.url)],
    // From the web app's folder, so that tsx compiles with its tsconfig (the JSX runtime).
    { cwd: WEB_ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
  rendered = JSON.parse(stdout) as Record<string, string>;
}, 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe.each(PRERENDERED_PAGES)('the pre-rendered page $name', ({ url, pattern }) => {
  it('is served for its own address', () => {
    expect(new RegExp(pattern).test(url)).toBe(true);
  });

  it('is taken over by the app without a difference between the HTML and the first render', async () => {
    // The data never arrives: the first render is the one that must match.
    stubFetch(() => new Promise<Response>(() => undefined));
    const markup = rendered[url]?.replace(/^<title>[^<]*<\/title>/, '') ?? '';
    expect(markup).toContain('<main');
    expect(markup).not.toContain('<script');

    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    const router = createMemoryRouter(routes, { initialEntries: [url] });
    await whenRouterReady(router);
    const problems: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      problems.push(args);
    });
    try {
      await act(async () => {
        hydrateRoot(
          container,
          <StrictMode>
            <App router={router} />
          </StrictMode>,
          { onRecoverableError: (error) => problems.push(error) },
        );
      });
      expect(problems).toEqual([]);
      expect(container.innerHTML).toBe(markup);
    } finally {
      consoleError.mockRestore();
      router.dispose();
    }
  });
});
