import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { LocationProbe, renderWithProviders, SLOW } from '../../test/render';
import {
  categoryFixture,
  projectTypeFixture,
  teamFixture,
  teamListFixture,
} from '../../test/team-finder-fixtures';
import { TeamsPage } from './teams-page';
import { currentContactRequest, requestContact } from '../../lib/contact-request';

afterEach(() => {
  vi.unstubAllGlobals();
});

const WEB_QUERY =
  '/teams?service=web&options=Landing+Page%2CE-commerce+Store&technologies=React%2CTypeScript&budget=15k-50k&timeline=2-3months';

const teams = [
  teamFixture({ id: 1, name: 'Open Team', availability: 'available' }),
  teamFixture({ id: 2, name: 'Busy Team', availability: 'busy' }),
  teamFixture({ id: 3, name: 'Closed Team', availability: 'unavailable', is_active: false }),
];

function api(override: (request: RecordedRequest) => Response | undefined = () => undefined) {
  return stubFetch((request) => {
    const answer = override(request);
    if (answer) return answer;
    const { pathname } = new URL(request.url, 'http://localhost');
    if (pathname === '/api/service-categories') {
      return jsonResponse([
        categoryFixture({ id: 8, name: 'Mobile Development' }),
        categoryFixture({ id: 9, name: 'Web Development' }),
      ]);
    }
    if (pathname === '/api/project-types') {
      return jsonResponse([
        projectTypeFixture({ id: 41, name: 'Landing Page' }),
        projectTypeFixture({ id: 42, name: 'Corporate Website' }),
        projectTypeFixture({ id: 43, name: 'E-commerce Store' }),
      ]);
    }
    if (pathname === '/api/technologies') {
      return jsonResponse([
        { id: 70, name: 'Django', is_active: true },
        { id: 71, name: 'React', is_active: true },
        { id: 72, name: 'TypeScript', is_active: true },
      ]);
    }
    if (pathname === '/api/teams') return jsonResponse(teamListFixture(teams));
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
}

function renderTeams(route = WEB_QUERY) {
  return renderWithProviders(<TeamsPage />, {
    route,
    path: '/teams',
    extraRoutes: [
      { path: '/login', element: <LocationProbe /> },
      { path: '/team-chat/:id', element: <LocationProbe /> },
    ],
  });
}

const teamRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.startsWith('/api/teams')).map((request) => request.url);

describe('TeamsPage', () => {
  it('asks for the teams of the service category, project types and technologies named in the query', async () => {
    const requests = api();
    renderTeams();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Available Teams for Web Development' }),
    ).toBeTruthy();
    await screen.findByRole('article', { name: 'Open Team' }, SLOW);
    expect(requests.map((request) => request.url)).toContain(
      '/api/project-types?service_category_id=9&skip=0&limit=100',
    );
    expect(requests.map((request) => request.url)).toContain(
      '/api/technologies?service_category_id=9&skip=0&limit=100',
    );
    expect(teamRequests(requests)).toEqual([
      '/api/teams?skip=0&limit=100&service_category_id=9&project_type_ids=41%2C43&technology_ids=71%2C72&sort=rating',
    ]);
  });

  it('shows the requirements, the count and the availability of each team', async () => {
    api();
    renderTeams();
    const requirements = screen.getByRole('list', { name: 'Your requirements' });
    expect(
      within(requirements)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Landing Page',
      'E-commerce Store',
      'React',
      'TypeScript',
      'Budget: $15,000 - $50,000',
      'Timeline: 2-3 months',
    ]);
    expect(await screen.findByText('3 teams match your requirements', {}, SLOW)).toBeTruthy();

    const button = (team: string) =>
      within(screen.getByRole('article', { name: team })).getByRole('button') as HTMLButtonElement;
    expect(button('Open Team').textContent).toBe('Contact Team');
    expect(button('Open Team').disabled).toBe(false);
    expect(button('Busy Team').textContent).toBe('Join Waitlist');
    expect(button('Busy Team').disabled).toBe(false);
    expect(button('Closed Team').textContent).toBe('Unavailable');
    expect(button('Closed Team').disabled).toBe(true);
    expect(within(screen.getByRole('article', { name: 'Busy Team' })).getByText('Busy')).toBeTruthy();
  });

  it('sorts by rating, projects or rate, and remembers the sort in the address', async () => {
    const requests = api();
    const { router } = renderTeams();
    await screen.findByRole('article', { name: 'Open Team' }, SLOW);
    const sort = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    expect(sort.value).toBe('rating');
    expect(Array.from(sort.options).map((option) => option.textContent)).toEqual([
      'Highest Rated',
      'Most Projects',
      'Lowest Rate',
    ]);

    fireEvent.change(sort, { target: { value: 'projects' } });
    await vi.waitFor(() => expect(teamRequests(requests).at(-1)).toMatch(/&sort=projects$/), SLOW);
    expect(router.state.location.search).toContain('sort=projects');

    fireEvent.change(sort, { target: { value: 'rate' } });
    await vi.waitFor(() => expect(teamRequests(requests).at(-1)).toMatch(/&sort=rate$/), SLOW);
    expect(sort.value).toBe('rate');
  });

  it('leaves out the filters the query does not name', async () => {
    const requests = api();
    renderTeams('/teams?service=web&options=Rocket+Science');
    await screen.findByRole('article', { name: 'Open Team' }, SLOW);
    expect(teamRequests(requests)).toEqual(['/api/teams?skip=0&limit=100&service_category_id=9&sort=rating']);
  });

  it('offers to contact us when no team matches', async () => {
    api(({ url }) => (url.startsWith('/api/teams') ? jsonResponse(teamListFixture([])) : undefined));
    renderTeams();
    expect(await screen.findByText('No teams match these requirements yet.', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/#contact');
    expect(screen.getByText('0 teams match your requirements')).toBeTruthy();
  });

  it('explains an unknown service and links back home', () => {
    const requests = api();
    renderTeams('/teams?service=space&options=Rocket');
    expect(screen.getByRole('heading', { level: 1, name: 'Service not found' })).toBeTruthy();
    expect(screen.getByText(/We do not offer a service called 'space'/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the Home Page' }).getAttribute('href')).toBe('/');
    expect(requests).toEqual([]);
  });

  it("shows 'Error Loading Teams' with Retry", async () => {
    let failing = true;
    api(({ url }) =>
      url.startsWith('/api/teams') && failing
        ? jsonResponse({ detail: 'Database unavailable' }, 503)
        : undefined,
    );
    renderTeams();
    expect(await screen.findByText('Error Loading Teams: Database unavailable', {}, SLOW)).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Open Team' }, SLOW)).toBeTruthy();
  });

  it("opens the visitor's chooser, and takes a signed-in user to the team chat", async () => {
    api();
    const { router, unmount } = renderTeams();
    fireEvent.click(await screen.findByRole('button', { name: 'Contact Team: Open Team' }, SLOW));
    expect(currentContactRequest()).toEqual({ id: 1, name: 'Open Team' });
    expect(router.state.location.pathname).toBe('/teams');
    requestContact(null);
    unmount();

    signIn();
    const requests = api(({ url }) =>
      url === '/api/chat-rooms/get-or-create'
        ? jsonResponse({ chat_room_id: 31, team_id: 2, created: true })
        : undefined,
    );
    renderTeams();
    fireEvent.click(await screen.findByRole('button', { name: 'Join Waitlist: Busy Team' }, SLOW));
    expect(await screen.findByText('/team-chat/31', {}, SLOW)).toBeTruthy();
    expect(requests.find(({ url }) => url === '/api/chat-rooms/get-or-create')?.body).toEqual({ team_id: 2 });
  });

  it("shows the server's reason when a team member contacts their own team, else the generic failure", async () => {
    signIn();
    let answer = jsonResponse({ detail: 'You are part of this team and cannot contact it' }, 409);
    api(({ url }) => (url === '/api/chat-rooms/get-or-create' ? answer : undefined));
    renderTeams();
    fireEvent.click(await screen.findByRole('button', { name: 'Contact Team: Open Team' }, SLOW));
    expect(
      (await screen.findAllByText('You are part of this team and cannot contact it', {}, SLOW)).length,
    ).toBeGreaterThan(0);
    answer = jsonResponse({ detail: 'Database unavailable' }, 503);
    fireEvent.click(screen.getByRole('button', { name: 'Contact Team: Open Team' }));
    expect(
      (await screen.findAllByText('Failed to start chat. Please try again.', {}, SLOW)).length,
    ).toBeGreaterThan(0);
  });
});
