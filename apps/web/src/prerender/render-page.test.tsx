import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { act, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from '../app/app';
import { routes, whenRouterReady } from '../app/router';
import { stubFetch } from '../test/fetch-stub';
import { signIn } from '../test/fixtures';
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

/** The page's HTML as the server sends it in #root (without the title, which goes to the head). */
function markupOf(url: string): string {
  return rendered[url]?.replace(/^<title>[^<]*<\/title>/, '') ?? '';
}

/**
 * Puts the pre-rendered HTML of `url` in the document and hydrates it as main.tsx does, the data never
 * arriving; `problems` gathers what React reports (a difference between the HTML and the first render).
 */
async function hydrate(url: string, beforeHydration?: (container: HTMLElement) => void) {
  const markup = markupOf(url);
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  beforeHydration?.(container);
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
  } finally {
    consoleError.mockRestore();
  }
  return { markup, container, router, problems };
}

/** The content of the first <main> of some HTML. */
function mainOf(html: string): string | undefined {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder.querySelector('main')?.innerHTML;
}

describe.each(PRERENDERED_PAGES)('the pre-rendered page $name', ({ url, pattern }) => {
  it('is served for its own address', () => {
    expect(new RegExp(pattern).test(url)).toBe(true);
  });

  it('is HTML with a main landmark and no script', () => {
    const markup = markupOf(url);
    expect(markup).toContain('<main');
    expect(markup).not.toContain('<script');
  });
});

describe.each(PRERENDERED_PAGES.filter((page) => !page.signInRequired))(
  'the public pre-rendered page $name',
  ({ url }) => {
    it('is taken over by the app without a difference between the HTML and the first render', async () => {
      // The data never arrives: the first render is the one that must match.
      stubFetch(() => new Promise<Response>(() => undefined));
      const { markup, container, router, problems } = await hydrate(url);
      try {
        expect(problems).toEqual([]);
        expect(container.innerHTML).toBe(markup);
      } finally {
        router.dispose();
      }
    });
  },
);

describe.each(PRERENDERED_PAGES.filter((page) => page.signInRequired))(
  'the pre-rendered page $name, which needs a sign-in',
  ({ url }) => {
    it('is drawn as the page itself, not as the redirect a visitor gets', () => {
      expect(mainOf(markupOf(url))).toMatch(/<h1[ >]/);
    });

    it('is taken over for a signed-in person as drawn, and asks for its data', async () => {
      signIn();
      const requests = stubFetch(() => new Promise<Response>(() => undefined));
      const { markup, container, router, problems } = await hydrate(url);
      try {
        expect(problems).toEqual([]);
        expect(router.state.location.pathname).toBe(url);
        // The header turns into the signed-in one right after; the page itself stays as drawn.
        expect(mainOf(container.innerHTML)).toBe(mainOf(markup));
        expect(requests.length).toBeGreaterThan(0);
      } finally {
        router.dispose();
      }
    });

    it('keeps and searches for what was typed before the app took the page over', async () => {
      signIn();
      const requests = stubFetch(() => new Promise<Response>(() => undefined));
      const { container, router, problems } = await hydrate(url, (page) => {
        const search = page.querySelector<HTMLInputElement>('input[name="search_term"]');
        search!.value = 'logo';
      });
      try {
        expect(problems).toEqual([]);
        await waitFor(
          () =>
            expect(
              requests.some((request) => JSON.stringify(request.body) === '{"search_term":"logo"}'),
            ).toBe(true),
          { timeout: 3000 },
        );
        expect(router.state.location.search).toBe('?q=logo');
        expect(container.querySelector<HTMLInputElement>('input[name="search_term"]')?.value).toBe('logo');
      } finally {
        router.dispose();
      }
    });

    it('sends a visitor to the login page once the HTML is taken over', async () => {
      stubFetch(() => new Promise<Response>(() => undefined));
      const { router, problems } = await hydrate(url);
      try {
        expect(problems).toEqual([]);
        await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
        expect(router.state.location.state).toEqual({ from: { pathname: url, search: '', hash: '' } });
      } finally {
        router.dispose();
      }
    });
  },
);
