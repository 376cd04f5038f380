import { MONEY_TEXTS, TEAM_TEXTS, type Navigation, type User } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch-stub';
import { navigationFixture, signIn, userFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { TeamManagementPage } from './team-management-page';
import {
  applicationFixture,
  managedTeamDetailFixture,
  managedTeamFixture,
} from '../../test/team-management-fixtures';
import { chooseTeamScreen } from './team-screen';

afterEach(() => {
  vi.unstubAllGlobals();
});

type Handler = (request: RecordedRequest) => Response | undefined;

function renderPage(
  path: 'manage' | 'my-teams',
  {
    user = userFixture(),
    flags = navigationFixture(),
    handle = () => undefined,
  }: {
    user?: User;
    flags?: Navigation;
    handle?: Handler;
  } = {},
) {
  signIn();
  const requests = stubFetch((request) => {
    const handled = handle(request);
    if (handled) return handled;
    const { url } = request;
    if (url === '/api/auth/me') return jsonResponse(user);
    if (url === '/api/navigation') return jsonResponse(flags);
    if (url === '/api/teams/my-teams') return jsonResponse([managedTeamFixture()]);
    if (url === '/api/teams/21') return jsonResponse(managedTeamDetailFixture());
    if (url === '/api/teams/21/applications?status=pending') return jsonResponse([applicationFixture()]);
    if (url === '/api/my-applications') return jsonResponse([]);
    if (url === '/api/teams/member-teams') return jsonResponse([]);
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
  const rendered = renderWithProviders(<TeamManagementPage path={path} />, {
    route: `/teams/${path}`,
    path: `/teams/${path}`,
  });
  return { requests, ...rendered };
}

const teamAdmin = {
  user: userFixture({ role: 'TEAM_ADMIN', is_verified: true }),
  flags: navigationFixture({ can_manage_team: true, can_create_team: true }),
};

describe('chooseTeamScreen', () => {
  it.each([
    [{ can_manage_team: true }, 'TEAM_ADMIN', 'team-admin'],
    [{ can_manage_team: true }, 'GENERAL_ADMIN', 'team-admin'],
    [{ can_manage_team: false }, 'SELLER', 'seller'],
    [{ can_manage_team: false }, 'BUYER', 'denied'],
    [{ can_manage_team: false }, 'TEAM_ADMIN', 'denied'],
  ] as const)('%o with role %s gets the %s screen', (flags, role, screen) => {
    expect(chooseTeamScreen(flags, { role })).toBe(screen);
  });
});

describe('TeamManagementPage', () => {
  it.each(['manage', 'my-teams'] as const)(
    '/teams/%s shows the team-admin screen for can_manage_team',
    async (path) => {
      renderPage(path, teamAdmin);
      expect(await screen.findByRole('heading', { level: 1, name: 'Team Management' })).toBeTruthy();
      expect(await screen.findByRole('heading', { level: 2, name: 'Launch Crew' })).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Applications (1 pending)' })).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Members (2)' })).toBeTruthy();
    },
  );

  it('has a Payout Split tab where the team admin edits the shares of the members', async () => {
    const { requests } = renderPage('my-teams', {
      ...teamAdmin,
      handle: ({ url }) =>
        url === '/api/teams/21/payout-split'
          ? jsonResponse({
              team_id: 21,
              shares: [
                { user_id: 7, username: 'ada', full_name: null, is_admin: true, percent: 100 },
                { user_id: 9, username: 'bob', full_name: null, is_admin: false, percent: 0 },
              ],
              updated_at: null,
            })
          : undefined,
    });
    const tab = await screen.findByRole('tab', { name: MONEY_TEXTS.payoutSplitTab });
    // The split is asked for only when its tab opens.
    expect(requests.some((request) => request.url.endsWith('/payout-split'))).toBe(false);
    fireEvent.mouseDown(tab);
    const panel = screen.getByRole('tabpanel');
    const form = await within(panel).findByRole('form', { name: 'Payout split' });
    expect(within(form).getByRole('spinbutton', { name: 'Share of bob' })).toBeTruthy();
    expect(within(form).getByText('Total: 100%')).toBeTruthy();
  });

  it("shows the team's reviews in the overview", async () => {
    renderPage('manage', {
      ...teamAdmin,
      handle: ({ url }) =>
        url.startsWith('/api/teams/21/reviews')
          ? jsonResponse({
              items: [
                {
                  id: 5,
                  order_id: 9,
                  service_package_id: 3,
                  team_id: 21,
                  rating: 4,
                  comment: 'Shipped on time.',
                  created_at: '2026-10-01T10:00:00Z',
                  buyer: { id: 2, username: 'farah' },
                  service_package_title: 'Launch page',
                },
              ],
              total: 1,
              average_rating: 4,
              skip: 0,
              limit: 20,
            })
          : undefined,
    });
    expect(await screen.findByText('Shipped on time.')).toBeTruthy();
    expect(screen.getByText('4.0 (1 review)')).toBeTruthy();
  });

  it('moves between the tabs with the arrow keys (wrapping), Home and End', async () => {
    renderPage('my-teams', teamAdmin);
    const overview = await screen.findByRole('tab', { name: 'Overview', selected: true });
    const applications = screen.getByRole('tab', { name: 'Applications (1 pending)' });
    const split = screen.getByRole('tab', { name: MONEY_TEXTS.payoutSplitTab });
    const expectSelected = async (tab: HTMLElement) => {
      await waitFor(() => expect(document.activeElement).toBe(tab));
      expect(tab.getAttribute('aria-selected')).toBe('true');
      expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tab.id);
    };

    overview.focus();
    fireEvent.keyDown(overview, { key: 'ArrowRight' });
    await expectSelected(applications);
    fireEvent.keyDown(applications, { key: 'End' });
    await expectSelected(split);
    fireEvent.keyDown(split, { key: 'ArrowRight' });
    await expectSelected(overview);
    fireEvent.keyDown(overview, { key: 'ArrowLeft' });
    await expectSelected(split);
    fireEvent.keyDown(split, { key: 'Home' });
    await expectSelected(overview);
  });

  it.each(['manage', 'my-teams'] as const)(
    '/teams/%s shows Applied and Engaged Teams to a seller',
    async (path) => {
      renderPage(path, { user: userFixture({ role: 'SELLER' }) });
      expect(await screen.findByRole('heading', { level: 2, name: 'Applied Teams' })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 2, name: 'Engaged Teams' })).toBeTruthy();
    },
  );

  it.each([
    ['my-teams', TEAM_TEXTS.adminOnlyScreen],
    ['manage', TEAM_TEXTS.sellerOnlyScreen],
  ] as const)('/teams/%s refuses anyone else with its own text', async (path, text) => {
    renderPage(path, { user: userFixture({ role: 'BUYER' }) });
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it('needs a response message to approve, and sends it', async () => {
    const { requests } = renderPage('my-teams', {
      ...teamAdmin,
      handle: ({ url, method }) =>
        url === '/api/team-memberships/31' && method === 'PUT'
          ? jsonResponse(applicationFixture({ status: 'approved', response_message: 'Welcome aboard!' }))
          : undefined,
    });
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Applications (1 pending)' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('link', { name: 'carol' }).getAttribute('href')).toBe('/users/12');
    fireEvent.click(within(panel).getByRole('button', { name: "Approve carol's application" }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm Approval' }));
    expect(await within(panel).findByText(TEAM_TEXTS.responseRequiredToApprove)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);

    fireEvent.change(within(panel).getByLabelText(/^Response message/), {
      target: { value: 'Welcome aboard!' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm Approval' }));
    expect(await screen.findByText('Application approved successfully!')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([
      {
        url: '/api/team-memberships/31',
        method: 'PUT',
        body: { status: 'approved', response_message: 'Welcome aboard!' },
      },
    ]);
  });

  it('rejects after a confirmation, without a message', async () => {
    const { requests } = renderPage('my-teams', {
      ...teamAdmin,
      handle: ({ url, method }) =>
        url === '/api/team-memberships/31' && method === 'PUT'
          ? jsonResponse(applicationFixture({ status: 'rejected' }))
          : undefined,
    });
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Applications (1 pending)' }));
    fireEvent.click(screen.getByRole('button', { name: "Reject carol's application" }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this application?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'PUT')).toEqual([
        {
          url: '/api/team-memberships/31',
          method: 'PUT',
          body: { status: 'rejected', response_message: null },
        },
      ]),
    );
  });

  it("shows 'Failed to respond to application' with the server's reason", async () => {
    renderPage('my-teams', {
      ...teamAdmin,
      handle: ({ method }) =>
        method === 'PUT' ? jsonResponse({ detail: 'This team is full' }, 409) : undefined,
    });
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Applications (1 pending)' }));
    fireEvent.click(screen.getByRole('button', { name: "Approve carol's application" }));
    fireEvent.change(screen.getByLabelText(/^Response message/), { target: { value: 'Welcome!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Approval' }));
    expect(await screen.findByText(TEAM_TEXTS.respondFailed)).toBeTruthy();
    expect(screen.getByText('This team is full')).toBeTruthy();
  });

  it('removes a member after a confirmation; the admin has no remove button', async () => {
    const { requests } = renderPage('my-teams', {
      ...teamAdmin,
      handle: ({ method }) => (method === 'DELETE' ? new Response(null, { status: 204 }) : undefined),
    });
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Members (2)' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).queryByRole('button', { name: 'Remove ada' })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove team member?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Member' }));
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'DELETE')).toEqual([
        { url: '/api/teams/21/members/9', method: 'DELETE', body: undefined },
      ]),
    );
    expect(await screen.findByText('bob was removed from Launch Crew')).toBeTruthy();
  });

  it("shows 'Failed to load team data. Please try again later.' when the teams cannot be read", async () => {
    renderPage('my-teams', {
      ...teamAdmin,
      handle: ({ url }) =>
        url === '/api/teams/my-teams' ? jsonResponse({ detail: 'boom' }, 500) : undefined,
    });
    expect(await screen.findByText(TEAM_TEXTS.loadFailed)).toBeTruthy();
  });

  it('edits the team; the size may not go below the member count', async () => {
    const { requests } = renderPage('my-teams', {
      ...teamAdmin,
      handle: ({ url, method }) => {
        if (url.startsWith('/api/service-categories')) {
          return jsonResponse([{ id: 1, name: 'Web Development', description: null, is_active: true }]);
        }
        if (url.startsWith('/api/project-types') || url.startsWith('/api/project-sub-types')) {
          return jsonResponse([]);
        }
        return method === 'PUT' ? jsonResponse(managedTeamFixture({ is_active: false })) : undefined;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Team' });
    fireEvent.change(within(dialog).getByLabelText(/^Maximum Members/), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Team size cannot be below the current 2 members')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Maximum Members/), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByLabelText(/Team is active/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.method === 'PUT')).toEqual({
      url: '/api/teams/21',
      method: 'PUT',
      body: {
        name: 'Launch Crew',
        description: 'Launch pages in a week.',
        max_members: 12,
        is_active: false,
        service_category_id: 1,
        project_type_id: 2,
        projects_sub_types_id: 3,
        technology_ids: [40],
      },
    });
  });

  it('lets a seller withdraw a pending application after a confirmation', async () => {
    const { requests } = renderPage('manage', {
      user: userFixture({ role: 'SELLER' }),
      handle: ({ url, method }) => {
        if (url === '/api/my-applications') {
          return jsonResponse([
            applicationFixture(),
            applicationFixture({
              id: 32,
              team: { id: 22, name: 'Data Den', description: null },
              status: 'approved',
              response_message: 'Welcome aboard!',
            }),
          ]);
        }
        if (url === '/api/team-memberships/31/withdraw' && method === 'POST') {
          return jsonResponse(applicationFixture({ status: 'withdrawn' }));
        }
        return undefined;
      },
    });
    const list = await screen.findByRole('list', { name: 'My applications' });
    expect(within(list).getByText('Welcome aboard!')).toBeTruthy();
    expect(within(list).getByText('Approved')).toBeTruthy();
    expect(within(list).getAllByRole('button', { name: /^Withdraw/ })).toHaveLength(1);
    fireEvent.click(within(list).getByRole('button', { name: 'Withdraw application to Launch Crew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw application?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw Application' }));
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'POST')).toEqual([
        { url: '/api/team-memberships/31/withdraw', method: 'POST', body: undefined },
      ]),
    );
  });
});
