import { PACKAGE_TEXTS } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { BrowsePackagesPage } from './browse-packages-page';
import { packageFixture, packageListFixture } from './package-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(handler: (request: RecordedRequest) => Response) {
  signIn();
  const requests = stubFetch(handler);
  renderWithProviders(<BrowsePackagesPage />, { route: '/services/browse', path: '/services/browse' });
  return requests;
}

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
    expect(requests[0]!.url).toBe('/api/service-packages?skip=0&limit=50');
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
    expect(requests.at(-1)!.url).toBe('/api/service-packages?skip=50&limit=50');
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
    expect(requests).toHaveLength(2);
  });

  it('shows a loading state first', async () => {
    renderPage(() => jsonResponse(packageListFixture([packageFixture()])));
    expect(screen.getByRole('status').textContent).toContain('Loading services...');
    await screen.findByRole('article', { name: 'Landing page in a week' });
  });
});
