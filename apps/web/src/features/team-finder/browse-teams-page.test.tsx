import type { Team, TeamApplication } from '@teamhire/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch-stub';
import { signIn, userFixture } from '../../test/fixtures';
import { renderWithProviders, SLOW } from '../../test/render';
import { applyErrorMessage, BrowseTeamsPage, SEARCH_DEBOUNCE_MS } from './browse-teams-page';
import { teamFixture, teamListFixture } from '../../test/team-finder-fixtures';
import { ApiError, NetworkError } from '../../lib/api-client';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const teams = [
  teamFixture({ id: 1, name: 'Open Team' }),
  teamFixture({ id: 2, name: 'Full Team', member_count: 5, max_members: 5, availability: 'busy' }),
  teamFixture({ id: 3, name: 'Closed Team', is_active: false, availability: 'unavailable' }),
  teamFixture({ id: 4, name: 'Pending Team' }),
  teamFixture({ id: 5, name: 'My Team' }),
  teamFixture({ id: 6, name: 'Declined Team' }),
];

function application(team: Team, status: TeamApplication['status']): TeamApplication {
  return {
    id: team.id * 10,
    team: { id: team.id, name: team.name, description: null },
    user: { id: 7, username: 'ada', full_name: null },
    application_message: null,
    applied_at: '2025-01-01T00:00:00Z',
    status,
    response_message: null,
    responded_at: null,
  };
}

interface ApiOptions {
  role?: 'SELLER' | 'BUYER';
  apply?: (request: RecordedRequest) => Response | Promise<Response>;
  list?: (request: RecordedRequest) => Response;
}

function renderBrowse({ role = 'SELLER', apply, list }: ApiOptions = {}, route = '/teams/browse') {
  signIn();
  const requests = stubFetch((request) => {
    const { pathname } = new URL(request.url, 'http://localhost');
    if (pathname === '/api/auth/me') return jsonResponse(userFixture({ role }));
    if (pathname === '/api/my-applications') {
      return jsonResponse([application(teams[3]!, 'pending'), application(teams[5]!, 'rejected')]);
    }
    if (pathname === '/api/teams/member-teams') return jsonResponse([teams[4]]);
    if (pathname === '/api/teams/apply' && apply) return apply(request);
    if (pathname === '/api/teams') return list ? list(request) : jsonResponse(teamListFixture(teams));
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
  const rendered = renderWithProviders(<BrowseTeamsPage />, { route, path: '/teams/browse' });
  return { requests, ...rendered };
}

const cardButton = (team: string) =>
  within(screen.getByRole('article', { name: team })).getByRole('button') as HTMLButtonElement;

describe('BrowseTeamsPage', () => {
  it('shows a seller the button state of every team', async () => {
    renderBrowse();
    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Teams' }, SLOW)).toBeTruthy();
    await screen.findByRole('button', { name: 'Application Pending: Pending Team' }, SLOW);
    await screen.findByRole('button', { name: 'Member: My Team' }, SLOW);
    const states = teams.map((team) => [
      team.name,
      cardButton(team.name).textContent,
      cardButton(team.name).disabled,
    ]);
    expect(states).toEqual([
      ['Open Team', 'Apply to Join', false],
      ['Full Team', 'Team Full', true],
      ['Closed Team', 'Inactive', true],
      ['Pending Team', 'Application Pending', true],
      ['My Team', 'Member', true],
      ['Declined Team', 'Apply to Join', false],
    ]);
    expect(screen.getByRole('textbox', { name: /Application Message/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tips' })).toBeTruthy();
  });

  it('applies with the optional message and confirms it', async () => {
    let release: () => void = () => undefined;
    const { requests } = renderBrowse({
      apply: () =>
        new Promise((resolve) => {
          release = () => resolve(jsonResponse(application(teams[0]!, 'pending'), 201));
        }),
    });
    fireEvent.change(await screen.findByRole('textbox', { name: /Application Message/ }), {
      target: { value: '  I build React storefronts.  ' },
    });
    await screen.findByRole('button', { name: 'Member: My Team' }, SLOW);
    fireEvent.click(cardButton('Open Team'));

    expect(
      (await screen.findByRole('button', { name: 'Applying...: Open Team' }, SLOW)).hasAttribute('disabled'),
    ).toBe(true);
    expect(cardButton('Declined Team').disabled).toBe(true);
    expect(requests.filter((request) => request.url === '/api/teams/apply')).toEqual([
      {
        url: '/api/teams/apply',
        method: 'POST',
        body: { team_id: 1, application_message: 'I build React storefronts.' },
      },
    ]);
    release();
    expect(
      (await screen.findAllByText('Application submitted successfully!', {}, SLOW)).length,
    ).toBeGreaterThan(0);
    // The list of applications is asked again, so the card follows the server.
    await vi.waitFor(
      () => expect(requests.filter((request) => request.url === '/api/my-applications')).toHaveLength(2),
      SLOW,
    );
    expect((screen.getByRole('textbox', { name: /Application Message/ }) as HTMLTextAreaElement).value).toBe(
      '',
    );
  });

  it("shows the server's reason when applying fails", async () => {
    renderBrowse({ apply: () => jsonResponse({ detail: 'This team is full' }, 409) });
    fireEvent.click(await screen.findByRole('button', { name: 'Apply to Join: Open Team' }, SLOW));
    expect((await screen.findAllByText('This team is full', {}, SLOW)).length).toBeGreaterThan(0);
    expect(cardButton('Open Team').textContent).toBe('Apply to Join');
  });

  it('falls back to the fixed text when the server gives no reason', () => {
    expect(applyErrorMessage(new ApiError(500, null))).toBe('Failed to submit application');
    expect(applyErrorMessage(new ApiError(409, 'Already a member'))).toBe('Already a member');
    expect(applyErrorMessage(new NetworkError())).toBe('Backend server not available...');
    expect(applyErrorMessage('nonsense')).toBe('Failed to submit application');
  });

  it("is 'Find Teams' for a buyer, with contact buttons and no application box", async () => {
    const { requests } = renderBrowse({ role: 'BUYER' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find Teams' }, SLOW)).toBeTruthy();
    await screen.findByRole('article', { name: 'Open Team' }, SLOW);
    expect(cardButton('Open Team').textContent).toBe('Contact Team');
    expect(cardButton('Full Team').textContent).toBe('Join Waitlist');
    expect(cardButton('Closed Team').disabled).toBe(true);
    expect(screen.queryByRole('textbox', { name: /Application Message/ })).toBeNull();
    expect(requests.some((request) => request.url === '/api/my-applications')).toBe(false);
  });

  it('searches by name after a pause in typing and keeps it in the address', async () => {
    const { requests, router } = renderBrowse({ role: 'BUYER' });
    await screen.findByRole('article', { name: 'Open Team' }, SLOW);
    vi.useFakeTimers();
    const box = screen.getByRole('searchbox', { name: 'Search teams by name' });
    fireEvent.change(box, { target: { value: 'pix' } });
    fireEvent.change(box, { target: { value: 'pixel' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    expect(router.state.location.search).toBe('');
    act(() => vi.advanceTimersByTime(100));
    vi.useRealTimers();
    expect(router.state.location.search).toBe('?search=pixel');
    await vi.waitFor(
      () =>
        expect(requests.map((request) => request.url)).toContain(
          '/api/teams?skip=0&limit=50&search=pixel&sort=newest',
        ),
      SLOW,
    );
    expect(requests.map((request) => request.url).filter((url) => url.includes('search=pix&'))).toEqual([]);
  });

  it('pages through the teams 50 at a time', async () => {
    const { requests } = renderBrowse({
      role: 'BUYER',
      list: ({ url }) => {
        const skip = Number(new URL(url, 'http://localhost').searchParams.get('skip'));
        return jsonResponse(
          teamListFixture([teamFixture({ id: skip + 1, name: `Team ${skip + 1}` })], {
            total: 120,
            skip,
            limit: 50,
          }),
        );
      },
    });
    expect(await screen.findByText('Showing 1-50 of 120 teams', {}, SLOW)).toBeTruthy();
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByText('Page 1 of 3')).toBeTruthy();
    expect(within(pagination).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    fireEvent.click(within(pagination).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Team 51' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Showing 51-100 of 120 teams')).toBeTruthy();
    expect(requests.map((request) => request.url)).toContain('/api/teams?skip=50&limit=50&sort=newest');
  });

  it("shows 'Error Loading Teams' with Retry", async () => {
    let failing = true;
    renderBrowse({
      list: () =>
        failing
          ? jsonResponse({ detail: 'Database unavailable' }, 503)
          : jsonResponse(teamListFixture(teams)),
    });
    expect(await screen.findByText('Error Loading Teams: Database unavailable', {}, SLOW)).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Open Team' }, SLOW)).toBeTruthy();
  });
});
