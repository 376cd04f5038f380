import { PACKAGE_TEXTS } from '@teamhire/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { BrowsePackagesPage } from './browse-packages-page';
import { FIRST_RENDERED_CARDS } from './components/package-search-panel';
import { packageFixture, packageListFixture } from './package-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const categories = [
  { id: 3, name: 'Web Development', description: null, is_active: true, created_at: '2024-01-01T00:00:00Z' },
  { id: 4, name: 'Mobile Apps', description: null, is_active: true, created_at: '2024-01-01T00:00:00Z' },
];

/** The page at `route`, its packages answered by `handler`, the categories by a fixed list. */
function renderPage(handler: (request: RecordedRequest) => Response, route = '/services/browse') {
  signIn();
  const all = stubFetch((request) =>
    request.url.startsWith('/api/service-categories') ? jsonResponse(categories) : handler(request),
  );
  const rendered = renderWithProviders(
    <>
      <BrowsePackagesPage />
      <LocationProbe />
    </>,
    { route, path: '/services/browse' },
  );
  return Object.assign(all, { router: rendered.router });
}

/** The package requests, without the category list the filters load. */
const packageRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.startsWith('/api/service-packages'));

const location = () => screen.getByRole('status', { name: 'Current location' }).textContent;

const searches = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.startsWith('/api/service-packages/search'));

describe('BrowsePackagesPage', () => {
  it('lists the published packages, 50 a page, with a 150-character excerpt, 4 tags then +N more, USD price', async () => {
    const long = `${'x'.repeat(150)}TAIL-NOT-SHOWN`;
    const requests = renderPage(() =>
      jsonResponse(
        packageListFixture([
          packageFixture({ id: 9, description: long, tags: 'a,b,c,d,e,f', price: 1250.5 }),
        ]),
      ),
    );
    const card = await screen.findByRole('article', { name: 'Landing page in a week' });
    expect(packageRequests(requests)[0]!.url).toBe('/api/service-packages?skip=0&limit=50');
    expect(within(card).getByText(`${'x'.repeat(150)}...`)).toBeTruthy();
    expect(within(card).queryByText(/TAIL-NOT-SHOWN/)).toBeNull();
    const tags = within(within(card).getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent)).toEqual(['a', 'b', 'c', 'd', '+2 more']);
    expect(within(card).getByText('$1,250.50')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Landing page in a week' }).getAttribute('href')).toBe(
      '/service-package/9',
    );
    expect(screen.getByText('1 service found')).toBeTruthy();
  });

  it('draws the first cards of a full page in one commit and the others in a later one', async () => {
    signIn();
    const items = Array.from({ length: 50 }, (_, index) =>
      packageFixture({ id: index + 1, title: `Package number ${index + 1}` }),
    );
    stubFetch((request) =>
      request.url.startsWith('/api/service-categories')
        ? jsonResponse(categories)
        : jsonResponse(packageListFixture(items, 50)),
    );
    // The number of cards on screen after each commit of the page.
    const cardsPerCommit: number[] = [];
    renderWithProviders(
      <Profiler id="browse" onRender={() => cardsPerCommit.push(document.querySelectorAll('article').length)}>
        <BrowsePackagesPage />
      </Profiler>,
      { route: '/services/browse', path: '/services/browse' },
    );
    await screen.findByRole('article', { name: 'Package number 50' });
    const withCards = cardsPerCommit.filter((count) => count > 0);
    expect(withCards[0]).toBe(FIRST_RENDERED_CARDS);
    expect(withCards.at(-1)).toBe(50);
  });

  it('holds a screen for the results and a line for their count while the first page loads', async () => {
    let answer: (response: Response) => void = () => undefined;
    renderPage(() => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response);
    // The cards then grow into room below the fold, and the count fills a line already there: on a
    // phone the footer was pushed out of view when they came (a layout shift of 0.4).
    const loading = await screen.findByText('Loading services...');
    expect(loading.parentElement!.className).toContain('min-h-screen');
    const count = screen.getByText(
      (_, element) => element?.getAttribute('aria-live') === 'polite' && element.textContent === '',
    );
    expect(count.className).toContain('min-h-5');
    act(() => answer(jsonResponse(packageListFixture([packageFixture()]))));
    const card = await screen.findByRole('article', { name: 'Landing page in a week' });
    expect(card.closest('ul')!.parentElement!.className).not.toContain('min-h-screen');
    expect(count.textContent).toBe('1 service found');
  });

  it('waits 500 ms after typing and then searches once with the last text and the filters', async () => {
    const requests = renderPage(() => jsonResponse(packageListFixture([packageFixture()])));
    await screen.findByRole('article', { name: 'Landing page in a week' });
    const search = screen.getByRole('searchbox', { name: 'Search services' });
    fireEvent.change(search, { target: { value: 'l' } });
    fireEvent.change(search, { target: { value: 'la' } });
    fireEvent.change(search, { target: { value: 'landing' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Tags/ }), { target: { value: 'react, seo' } });
    fireEvent.change(screen.getByLabelText('Min price (USD)'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Max price (USD)'), { target: { value: '900.5' } });
    fireEvent.change(screen.getByLabelText('Max duration (days)'), { target: { value: '14' } });
    fireEvent.change(screen.getByLabelText('Team name'), { target: { value: 'crew' } });
    // Nothing is sent while the person is still typing.
    expect(searches(requests)).toHaveLength(0);
    await waitFor(() => expect(searches(requests)).toHaveLength(1), { timeout: 2000 });
    expect(searches(requests)[0]).toMatchObject({
      url: '/api/service-packages/search?skip=0&limit=50',
      method: 'POST',
      body: {
        search_term: 'landing',
        tags: ['react', 'seo'],
        min_price: 100,
        max_price: 900.5,
        max_duration: 14,
        team_name: 'crew',
      },
    });
  });

  it('does not send an inverted price range and says why', async () => {
    const requests = renderPage(() => jsonResponse(packageListFixture([packageFixture()])));
    await screen.findByRole('article', { name: 'Landing page in a week' });
    fireEvent.change(screen.getByLabelText('Min price (USD)'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('Max price (USD)'), { target: { value: '100' } });
    expect(
      await screen.findByText('The minimum price cannot be above the maximum', {}, { timeout: 2000 }),
    ).toBeTruthy();
    expect(searches(requests)).toHaveLength(0);
  });

  it('pages through the results 50 at a time', async () => {
    const requests = renderPage((request) =>
      jsonResponse(
        packageListFixture(
          [
            packageFixture({
              id: request.url.includes('skip=50') ? 2 : 1,
              title: request.url.includes('skip=50') ? 'Second page package' : 'First page package',
            }),
          ],
          120,
        ),
      ),
    );
    await screen.findByRole('article', { name: 'First page package' });
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Previous/ }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByRole('article', { name: 'Second page package' });
    expect(packageRequests(requests).at(-1)!.url).toBe('/api/service-packages?skip=50&limit=50');
    expect(location()).toBe('/services/browse?page=2');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('says when nothing matches', async () => {
    renderPage(() => jsonResponse(packageListFixture([])));
    expect(await screen.findByText(PACKAGE_TEXTS.noResults)).toBeTruthy();
  });

  it("shows 'Failed to load services' with a Retry that loads again", async () => {
    let fail = true;
    const requests = renderPage(() =>
      fail
        ? jsonResponse({ detail: 'Internal Server Error' }, 500)
        : jsonResponse(packageListFixture([packageFixture()])),
    );
    expect(await screen.findByText(PACKAGE_TEXTS.loadFailed)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('article', { name: 'Landing page in a week' });
    expect(packageRequests(requests)).toHaveLength(2);
  });

  it('shows a loading state first', async () => {
    renderPage(() => jsonResponse(packageListFixture([packageFixture()])));
    expect(screen.getByText('Loading services...')).toBeTruthy();
    await screen.findByRole('article', { name: 'Landing page in a week' });
  });
  it('restores the search, filters, order and page from a shared URL', async () => {
    const requests = renderPage(
      () => jsonResponse(packageListFixture([packageFixture()], 120)),
      '/services/browse?q=landing&tags=seo&min_price=10&category=4&sort=price_asc&page=2',
    );
    await screen.findByRole('article', { name: 'Landing page in a week' });
    expect(searches(requests)).toEqual([
      {
        url: '/api/service-packages/search?skip=50&limit=50',
        method: 'POST',
        body: { search_term: 'landing', tags: ['seo'], min_price: 10, category_id: 4, sort: 'price_asc' },
      },
    ]);
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search services' }).value).toBe(
      'landing',
    );
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).value).toBe('price_asc');
    await waitFor(() =>
      expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Category' }).value).toBe('4'),
    );
    expect(screen.getByRole('option', { name: 'Mobile Apps' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    // The phone sheet's button counts the filters (tags, min price, category); text and order are not filters.
    expect(screen.getByRole('button', { name: 'Filters, 3 active' })).toBeTruthy();
  });

  it('puts an order and a category in the URL as new entries; Back restores the previous results', async () => {
    const requests = renderPage(() => jsonResponse(packageListFixture([packageFixture()])));
    await screen.findByRole('article', { name: 'Landing page in a week' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price_desc' } });
    expect(location()).toBe('/services/browse?sort=price_desc');
    await waitFor(() => expect(searches(requests).at(-1)?.body).toEqual({ sort: 'price_desc' }));
    await screen.findByRole('option', { name: 'Web Development' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: '3' } });
    expect(location()).toBe('/services/browse?category=3&sort=price_desc');
    await waitFor(() =>
      expect(searches(requests).at(-1)?.body).toEqual({ category_id: 3, sort: 'price_desc' }),
    );

    await act(() => requests.router.navigate(-1));
    expect(location()).toBe('/services/browse?sort=price_desc');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Category' }).value).toBe('');
    await act(() => requests.router.navigate(-1));
    expect(location()).toBe('/services/browse');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).value).toBe('relevance');
  });

  it('writes typed text to the URL once typing pauses, replacing the entry, and back to the first page', async () => {
    const requests = renderPage(() => jsonResponse(packageListFixture([packageFixture()], 120)));
    await screen.findByRole('article', { name: 'Landing page in a week' });
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(location()).toBe('/services/browse?page=2');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search services' }), {
      target: { value: 'seo audit' },
    });
    expect(location()).toBe('/services/browse?page=2');
    await waitFor(() => expect(location()).toBe('/services/browse?q=seo+audit'));
    // The search for the new text follows the URL: wait for it rather than expect it in the same tick.
    await waitFor(() =>
      expect(searches(requests).at(-1)).toMatchObject({
        url: '/api/service-packages/search?skip=0&limit=50',
      }),
    );
    // Replaced, not added: Back leaves the typed search for the entry before it (page 1, no text).
    await act(() => requests.router.navigate(-1));
    expect(location()).toBe('/services/browse');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search services' }).value).toBe('');
  });

  it('opens the filters in a dialog that keeps focus, and closes it with Show results', async () => {
    renderPage(() => jsonResponse(packageListFixture([packageFixture()])));
    await screen.findByRole('article', { name: 'Landing page in a week' });
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true));
    fireEvent.change(within(sheet).getByLabelText('Max duration (days)'), { target: { value: '7' } });
    expect(within(sheet).getByRole('button', { name: 'Clear filters' })).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Filters, 1 active' })).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/services/browse?max_duration=7'), { timeout: 2000 });
  });
});
