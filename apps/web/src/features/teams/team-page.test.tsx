import type { ServicePackage } from '@teamhire/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type FetchHandler } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { reviewFixture } from '../../test/order-fixtures';
import { LocationProbe, renderWithProviders, SLOW } from '../../test/render';
import { teamProfileFixture } from '../../test/team-profile-fixtures';
import { TeamPage } from './team-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The app passes the packages feature's card; here a plain one shows what the page hands it. */
function CardStub({ item }: { item: ServicePackage }) {
  return <li>{`Card: ${item.title}`}</li>;
}

function renderPage(handler: FetchHandler, route = '/teams/7') {
  const requests = stubFetch(handler);
  const rendered = renderWithProviders(<TeamPage PackageCard={CardStub} />, {
    route,
    path: '/teams/:teamId',
    extraRoutes: ['/teams', '/users/:id', '/login', '/team-chat/:id'].map((path) => ({
      path,
      element: <LocationProbe />,
    })),
  });
  return { requests, ...rendered };
}

const answer =
  (profile = teamProfileFixture()): FetchHandler =>
  ({ url }) =>
    url === '/api/teams/7/profile' ? jsonResponse(profile) : jsonResponse({ detail: 'Not Found' }, 404);

describe('TeamPage', () => {
  it('shows the team: header, figures, about, members, technologies, packages and reviews', async () => {
    const { requests } = renderPage(answer());
    expect(await screen.findByRole('heading', { level: 1, name: 'Pixel Forge' }, SLOW)).toBeTruthy();
    expect(requests[0]?.url).toBe('/api/teams/7/profile');
    expect(screen.getByText('Web Development')).toBeTruthy();
    expect(screen.getByText('Member since Mar 2024')).toBeTruthy();
    expect(screen.getByText('Available for new work')).toBeTruthy();

    const figures = screen.getByRole('region', { name: 'Team figures' });
    const value = (label: string) =>
      within(figures).getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(value('Completed projects')).toBe('12');
    expect(value('Average rating')).toBe('4.5');
    expect(value('On-time delivery')).toBe('92%');
    expect(value('Response time')).toBe('25 min');
    expect(value('Member since')).toBe('Mar 2024');

    expect(screen.getByText('We build online shops that sell.')).toBeTruthy();
    const members = screen.getByRole('region', { name: 'Members (2)' });
    expect(within(members).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/users/3');
    expect(within(members).getByText('Team Admin')).toBeTruthy();
    expect(within(members).getByText('Team Member')).toBeTruthy();
    const technologies = within(screen.getByRole('list', { name: 'Technologies' })).getAllByRole('listitem');
    expect(technologies.map((item) => item.textContent)).toEqual(['React', 'TypeScript']);
    expect(screen.getByText('Card: Storefront in two weeks')).toBeTruthy();

    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(within(reviews).getByText('Shipped early.')).toBeTruthy();
    const bars = within(within(reviews).getByRole('list', { name: 'Rating distribution' })).getAllByRole(
      'listitem',
    );
    expect(bars.map((bar) => bar.textContent)).toEqual([
      '5stars:1 review',
      '4stars:1 review',
      '3stars:0 reviews',
      '2stars:0 reviews',
      '1star:0 reviews',
    ]);
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull();
  });

  it("Contact Team opens the team's conversation", async () => {
    signIn();
    const { requests } = renderPage((request) =>
      request.url === '/api/chat-rooms/get-or-create'
        ? jsonResponse({ chat_room_id: 31, team_id: 7, created: false })
        : answer()(request),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Contact Team: Pixel Forge' }, SLOW));
    expect((await screen.findByLabelText('Current location', {}, SLOW)).textContent).toBe('/team-chat/31');
    expect(requests.find((request) => request.url === '/api/chat-rooms/get-or-create')?.body).toEqual({
      team_id: 7,
    });
  });

  it('says when a new team has no packages, reviews or figures yet', async () => {
    renderPage(
      answer(
        teamProfileFixture({
          packages: [],
          reviews: [],
          rating_distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: 0 })),
          technologies: [],
          description: null,
          figures: {
            completed_projects: 0,
            average_rating: null,
            review_count: 0,
            on_time_delivery_rate: null,
            delivered_orders: 0,
            median_response_seconds: null,
            member_since: '2024-03-01T10:00:00Z',
          },
        }),
      ),
    );
    expect(await screen.findByText('No published packages yet', {}, SLOW)).toBeTruthy();
    // The rating figure and the reviews section both say so.
    expect(screen.getAllByText('No reviews yet')).toHaveLength(2);
    expect(screen.getByText('No deliveries yet')).toBeTruthy();
    expect(screen.getByText('No conversations yet')).toBeTruthy();
    expect(screen.getByText('No technologies listed.')).toBeTruthy();
    expect(screen.getByText('This team has not written a description yet.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Rating distribution' })).toBeNull();
  });

  it('loads the older reviews when asked', async () => {
    const more = [1, 2, 3, 4, 5, 6].map((id) => reviewFixture({ id, comment: `Review ${id}` }));
    renderPage((request) =>
      request.url === '/api/teams/7/reviews'
        ? jsonResponse({ items: more, total: 6, average_rating: 4.5, skip: 0, limit: 20 })
        : answer(teamProfileFixture({ figures: { ...teamProfileFixture().figures, review_count: 6 } }))(
            request,
          ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Show more reviews' }, SLOW));
    expect(await screen.findByText('Review 6', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull();
  });

  it('shows an inactive team as not taking work, without a way to contact it', async () => {
    renderPage(answer(teamProfileFixture({ is_active: false, availability: 'unavailable' })));
    expect(await screen.findByText('Not taking new work', {}, SLOW)).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Unavailable: Pixel Forge' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it("draws the team's uploaded logo with its sizes, and the initials without one", async () => {
    const logo = {
      src: '/uploads/images/logo-1/96.webp',
      srcset: '/uploads/images/logo-1/96.webp 96w, /uploads/images/logo-1/192.webp 192w',
      width: 96,
      height: 96,
    };
    const { container, unmount } = renderPage(answer(teamProfileFixture({ logo })));
    await screen.findByRole('heading', { level: 1, name: 'Pixel Forge' }, SLOW);
    const image = container.querySelector('header img');
    expect(image?.getAttribute('src')).toBe(logo.src);
    expect(image?.getAttribute('srcset')).toBe(logo.srcset);
    unmount();

    const withoutLogo = renderPage(answer());
    await screen.findByRole('heading', { level: 1, name: 'Pixel Forge' }, SLOW);
    expect(withoutLogo.container.querySelector('header img')).toBeNull();
    expect(withoutLogo.container.querySelector('header')?.textContent).toContain('PF');
  });

  it('shows the loading state until the team arrives', async () => {
    renderPage(() => new Promise<Response>(() => undefined));
    expect((await screen.findByRole('status', {}, SLOW)).textContent).toContain('Loading team...');
  });

  it('says Team Not Found for an unknown team', async () => {
    renderPage(() => jsonResponse({ detail: 'Team not found' }, 404));
    expect(await screen.findByRole('heading', { level: 2, name: 'Team Not Found' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find Teams' }).getAttribute('href')).toBe('/teams');
  });

  it('does not ask the server about an address that is no team id', async () => {
    const { requests } = renderPage(answer(), '/teams/not-a-team');
    expect(await screen.findByRole('heading', { level: 2, name: 'Team Not Found' }, SLOW)).toBeTruthy();
    expect(requests.filter((request) => request.url.includes('/profile'))).toEqual([]);
  });

  it('offers Retry when the team cannot be loaded', async () => {
    let calls = 0;
    renderPage((request) => {
      calls += 1;
      return calls === 1 ? jsonResponse({ detail: 'Internal Server Error' }, 500) : answer()(request);
    });
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('Failed to load the team. Please try again.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pixel Forge' }, SLOW)).toBeTruthy();
  });
});
