import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type FetchHandler, type RecordedRequest } from '../../test/fetch-stub';
import { LocationProbe, renderWithProviders, SLOW } from '../../test/render';
import { ServiceCategoryPage } from './service-category-page';
import { currentContactRequest, requestContact } from '../../lib/contact-request';
import {
  categoryFixture,
  projectTypeFixture,
  subTypeFixture,
  teamFixture,
  teamListFixture,
} from '../../test/team-finder-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const technology = (id: number, name: string) => ({ id, name, is_active: true });

const landingPage = projectTypeFixture({
  id: 2,
  name: 'Landing Page',
  technologies: [
    technology(30, 'React'),
    technology(31, 'Next.js'),
    technology(32, 'Tailwind CSS'),
    technology(33, 'TypeScript'),
    technology(34, 'Vercel'),
  ],
});
const shop = projectTypeFixture({
  id: 3,
  name: 'E-commerce Store',
  technologies: [technology(35, 'Shopify'), technology(36, 'Stripe')],
});
const launchPage = subTypeFixture({ id: 20, project_type_id: 2, name: 'Product Launch Page' });
const campaignPage = subTypeFixture({ id: 21, project_type_id: 2, name: 'Marketing Campaign Page' });
const storefront = subTypeFixture({ id: 22, project_type_id: 3, name: 'Headless Storefront' });

/** Answers a test wants to differ from the catalogue below; undefined falls through to it. */
type Override = (request: RecordedRequest) => Response | undefined;

function catalogueApi(override: Override = () => undefined): FetchHandler {
  return (request) => {
    const answer = override(request);
    if (answer) return answer;
    const url = new URL(request.url, 'http://localhost');
    const param = (name: string) => url.searchParams.get(name);
    if (url.pathname === '/api/service-categories/1') return jsonResponse(categoryFixture());
    if (url.pathname === '/api/project-types') return jsonResponse([landingPage, shop]);
    if (url.pathname === '/api/project-sub-types') {
      return jsonResponse(param('project_type_id') === '2' ? [launchPage, campaignPage] : [storefront]);
    }
    if (url.pathname === '/api/technologies') {
      return jsonResponse(
        param('project_sub_type_id') === '20'
          ? [technology(31, 'Next.js'), technology(32, 'Tailwind CSS')]
          : [technology(30, 'React')],
      );
    }
    if (url.pathname === '/api/teams') return jsonResponse(teamListFixture([teamFixture()]));
    return jsonResponse({ detail: 'Not Found' }, 404);
  };
}

function renderPage(handler: FetchHandler = catalogueApi(), route = '/service/1') {
  const requests = stubFetch(handler);
  const rendered = renderWithProviders(<ServiceCategoryPage />, {
    route,
    path: '/service/:categoryId',
    extraRoutes: [
      { path: '/', element: <LocationProbe /> },
      { path: '/login', element: <LocationProbe /> },
    ],
  });
  return { requests, ...rendered };
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('ServiceCategoryPage', () => {
  it('shows the category and its project types with up to 3 technologies and +N more', async () => {
    renderPage();
    expect(screen.getByRole('status').textContent).toContain('Loading service details...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Web Development' }, SLOW)).toBeTruthy();
    const tags = screen.getByRole('list', { name: 'Technologies of Landing Page' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['React', 'Next.js', 'Tailwind CSS', '+2 more']);
    const fewTags = screen.getByRole('list', { name: 'Technologies of E-commerce Store' });
    expect(
      within(fewTags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Shopify', 'Stripe']);
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/#contact');
    expect(screen.getByRole('heading', { name: 'Need Something Different?' })).toBeTruthy();
  });

  it('walks the chain: the first type opens its sub-types, the first sub-type its technologies', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Web Development' }, SLOW);
    expect(screen.queryByRole('group', { name: /Sub-types/ })).toBeNull();

    fireEvent.click(checkbox('Landing Page'));
    fireEvent.click(checkbox('E-commerce Store'));
    const subTypes = await screen.findByRole('group', { name: 'Landing Page: Sub-types' });
    expect(within(subTypes).getByRole('checkbox', { name: 'Product Launch Page' })).toBeTruthy();
    expect(within(subTypes).getByRole('checkbox', { name: 'Marketing Campaign Page' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Preferred Technologies' })).toBeNull();

    fireEvent.click(checkbox('Product Launch Page'));
    fireEvent.click(checkbox('Marketing Campaign Page'));
    const technologies = await screen.findByRole('group', { name: 'Preferred Technologies' });
    expect(
      within(technologies)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['Next.js', 'Tailwind CSS']);
    fireEvent.click(checkbox('Next.js'));
    expect(checkbox('Next.js').checked).toBe(true);

    const summary = screen.getByRole('complementary', { name: 'Your Selection' });
    expect(within(summary).getByText('Landing Page')).toBeTruthy();
    expect(within(summary).getByText('E-commerce Store')).toBeTruthy();
    expect(within(summary).getByText('Product Launch Page')).toBeTruthy();
    expect(within(summary).getByText('Next.js')).toBeTruthy();
  });

  it('clears technologies when a sub-type is chosen, and both when a type is chosen', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Web Development' }, SLOW);
    fireEvent.click(checkbox('Landing Page'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Product Launch Page' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Next.js' }));

    fireEvent.click(checkbox('Marketing Campaign Page'));
    expect(checkbox('Product Launch Page').checked).toBe(true);
    expect(checkbox('Next.js').checked).toBe(false);

    fireEvent.click(checkbox('Next.js'));
    fireEvent.click(checkbox('E-commerce Store'));
    expect(checkbox('Landing Page').checked).toBe(true);
    expect(checkbox('Product Launch Page').checked).toBe(false);
    expect(checkbox('Marketing Campaign Page').checked).toBe(false);
    expect(screen.queryByRole('group', { name: 'Preferred Technologies' })).toBeNull();

    // Dropping the first type hands the sub-types to the next one chosen.
    fireEvent.click(checkbox('Landing Page'));
    expect(await screen.findByRole('group', { name: 'E-commerce Store: Sub-types' })).toBeTruthy();
  });

  it('finds teams of the category, by technology only when some are chosen, and resets', async () => {
    const { requests } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Web Development' }, SLOW);
    const teamRequests = () => requests.filter((request) => request.url.startsWith('/api/teams'));

    fireEvent.click(screen.getByRole('button', { name: /Find Available Teams/ }));
    const card = await screen.findByRole('article', { name: 'Pixel Crafters' }, SLOW);
    expect(within(card).getByRole('button', { name: 'Contact Team: Pixel Crafters' })).toBeTruthy();
    expect(screen.getByText('1 team found')).toBeTruthy();
    expect(teamRequests().map((request) => request.url)).toEqual([
      '/api/teams?skip=0&limit=100&service_category_id=1&active_only=true&sort=rating',
    ]);

    fireEvent.click(checkbox('Landing Page'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Product Launch Page' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Next.js' }));
    fireEvent.click(checkbox('Tailwind CSS'));
    fireEvent.click(screen.getByRole('button', { name: /Find Available Teams/ }));
    await vi.waitFor(
      () =>
        expect(teamRequests().at(-1)?.url).toBe(
          '/api/teams?skip=0&limit=100&service_category_id=1&technology_ids=31%2C32&active_only=true&sort=rating',
        ),
      SLOW,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Reset Selections' }));
    expect(checkbox('Landing Page').checked).toBe(false);
    expect(screen.queryByRole('group', { name: /Sub-types/ })).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reset Selections' })).toHaveProperty('disabled', true);
  });

  it('says so when no team matches, with a way to ask for a custom team', async () => {
    renderPage(
      catalogueApi(({ url }) =>
        url.startsWith('/api/teams') ? jsonResponse(teamListFixture([])) : undefined,
      ),
    );
    await screen.findByRole('heading', { level: 1, name: 'Web Development' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: /Find Available Teams/ }));
    expect(await screen.findByText('No teams found matching your criteria.', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a Custom Team' }).getAttribute('href')).toBe(
      '/#contact',
    );
  });

  it('opens the contact chooser for a visitor who contacts a team', async () => {
    const { router } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Web Development' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: /Find Available Teams/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Contact Team: Pixel Crafters' }, SLOW));
    expect(currentContactRequest()).toMatchObject({ name: 'Pixel Crafters' });
    expect(router.state.location.pathname).toBe('/service/1');
    requestContact(null);
  });

  it("shows 'Service Not Available' for an unknown or inactive category", async () => {
    renderPage(catalogueApi(), '/service/99');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Service Not Available' }, SLOW),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Services' }));
    expect(screen.getByRole('status', { name: 'Current location' }).textContent).toBe('/');
  });

  it("shows 'Service Not Available' for an inactive category", async () => {
    renderPage(
      catalogueApi(({ url }) =>
        url === '/api/service-categories/1' ? jsonResponse(categoryFixture({ is_active: false })) : undefined,
      ),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Service Not Available' }, SLOW),
    ).toBeTruthy();
  });

  it('needs no request for a malformed id', () => {
    const { requests } = renderPage(catalogueApi(), '/service/web');
    expect(screen.getByRole('heading', { level: 1, name: 'Service Not Available' })).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('lists what failed to load, with ways back and to contact us', async () => {
    renderPage(
      catalogueApi(({ url }) => {
        if (url === '/api/service-categories/1') return jsonResponse({ detail: 'Database unavailable' }, 503);
        if (url.startsWith('/api/project-types')) return jsonResponse({}, 500);
        return undefined;
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unable to load service details' }, SLOW),
    ).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Service category: Database unavailable')).toBeTruthy();
    expect(within(alert).getByText('Project types: HTTP 500')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Services' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/#contact');
  });
});
