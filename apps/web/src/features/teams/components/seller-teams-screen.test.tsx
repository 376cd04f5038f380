import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { signIn, userFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { managedTeamFixture } from '../../../test/team-management-fixtures';
import { LEAVE_FAILED_MESSAGE, SellerTeamsScreen } from './seller-teams-screen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const launchCrew = managedTeamFixture();
const dataDen = managedTeamFixture({ id: 22, name: 'Data Den', description: 'Dashboards and pipelines.' });

/** A seller who belongs to two teams; `leave` answers the leave call for Launch Crew. */
function renderSellerScreen(leave: () => Response) {
  signIn();
  let left = false;
  const requests = stubFetch(({ url, method }) => {
    if (url === '/api/my-applications') return jsonResponse([]);
    if (url === '/api/teams/member-teams') return jsonResponse(left ? [dataDen] : [launchCrew, dataDen]);
    if (url === '/api/teams/21/leave' && method === 'POST') {
      const response = leave();
      left = response.ok;
      return response;
    }
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
  renderWithProviders(<SellerTeamsScreen />);
  return requests;
}

describe('SellerTeamsScreen: leaving a team', () => {
  it('asks first, then leaves; the team disappears from Engaged Teams', async () => {
    const requests = renderSellerScreen(() => new Response(null, { status: 204 }));
    const list = await screen.findByRole('list', { name: 'Teams I belong to' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);

    fireEvent.click(within(list).getByRole('button', { name: 'Leave Launch Crew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave team?' });
    expect(within(dialog).getByText('You will no longer be a member of Launch Crew.')).toBeTruthy();
    // Nothing is sent before the choice is confirmed.
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave Team' }));

    expect((await screen.findAllByText('You left Launch Crew')).length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Teams I belong to' })).getAllByRole('article'),
      ).toHaveLength(1),
    );
    expect(screen.queryByRole('button', { name: 'Leave Launch Crew' })).toBeNull();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      { url: '/api/teams/21/leave', method: 'POST', body: undefined },
    ]);
  });

  it('cancelling the dialog keeps the membership and sends nothing', async () => {
    const requests = renderSellerScreen(() => new Response(null, { status: 204 }));
    const list = await screen.findByRole('list', { name: 'Teams I belong to' });
    fireEvent.click(within(list).getByRole('button', { name: 'Leave Launch Crew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave team?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("shows the server's reason when leaving is refused, and keeps the team", async () => {
    renderSellerScreen(() => jsonResponse({ detail: 'A team admin cannot leave their own team' }, 409));
    const list = await screen.findByRole('list', { name: 'Teams I belong to' });
    fireEvent.click(within(list).getByRole('button', { name: 'Leave Launch Crew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave team?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave Team' }));
    const shown = await screen.findAllByText(
      (text) => text.includes('A team admin cannot leave their own team') || text === LEAVE_FAILED_MESSAGE,
    );
    expect(shown.length).toBeGreaterThan(0);
    // The dialog stays open for another try; the list behind it still has both teams.
    expect(screen.getByRole('dialog', { name: 'Leave team?' })).toBeTruthy();
    expect(within(list).getAllByRole('article', { hidden: true })).toHaveLength(2);
  });
});

describe('SellerTeamsScreen: the payout split', () => {
  it('shows a member the split of a team without a way to change it', async () => {
    signIn();
    stubFetch(({ url }) => {
      if (url === '/api/my-applications') return jsonResponse([]);
      if (url === '/api/teams/member-teams') return jsonResponse([launchCrew]);
      if (url === '/api/auth/me') return jsonResponse(userFixture({ id: 9, role: 'SELLER' }));
      if (url === '/api/teams/21/payout-split') {
        return jsonResponse({
          team_id: 21,
          shares: [
            { user_id: 7, username: 'ada', full_name: null, is_admin: true, percent: 70 },
            { user_id: 9, username: 'bob', full_name: null, is_admin: false, percent: 30 },
          ],
          updated_at: '2025-06-01T10:00:00Z',
        });
      }
      return jsonResponse({ detail: 'Not Found' }, 404);
    });
    renderWithProviders(<SellerTeamsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Payout Split of Launch Crew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payout Split of Launch Crew' });
    const shares = await within(dialog).findByRole('list', { name: 'Shares' });
    expect(within(shares).getByText('70%')).toBeTruthy();
    expect(within(shares).getByText('30%')).toBeTruthy();
    expect(within(dialog).queryByRole('spinbutton')).toBeNull();
  });
});
