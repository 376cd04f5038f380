import { PACKAGE_TEXTS } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { managedTeamFixture } from '../../test/team-management-fixtures';
import { DELETE_HAS_ORDERS_MESSAGE, ManagePackagesPage } from './manage-packages-page';
import { packageFixture } from './package-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const draft = packageFixture({ id: 1, title: 'Draft package', status: 'draft' });
const live = packageFixture({ id: 2, title: 'Live package', status: 'published' });

function renderPage({
  teams = [
    managedTeamFixture({ id: 21, name: 'Launch Crew' }),
    managedTeamFixture({ id: 22, name: 'Second Crew' }),
  ],
  onDelete = () => new Response(null, { status: 204 }),
}: {
  teams?: ReturnType<typeof managedTeamFixture>[];
  onDelete?: (request: RecordedRequest) => Response;
} = {}) {
  signIn();
  const requests = stubFetch((request) => {
    const { url, method } = request;
    if (url === '/api/teams/my-teams') return jsonResponse(teams);
    if (url === '/api/service-packages/my-packages?team_id=21') return jsonResponse([draft, live]);
    if (url === '/api/service-packages/my-packages?team_id=22') return jsonResponse([]);
    if (url.endsWith('/publish')) return jsonResponse({ ...draft, status: 'published' });
    if (url.endsWith('/unpublish')) return jsonResponse({ ...live, status: 'unpublished' });
    if (method === 'DELETE') return onDelete(request);
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
  renderWithProviders(<ManagePackagesPage />, {
    route: '/services/manage-packages',
    path: '/services/manage-packages',
  });
  return requests;
}

const row = (title: string) => screen.findByRole('article', { name: title });

describe('ManagePackagesPage', () => {
  it("shows 'No Teams Found' when the user administers no team", async () => {
    renderPage({ teams: [] });
    expect(await screen.findByRole('heading', { name: PACKAGE_TEXTS.noTeamsFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Create Team/ }).getAttribute('href')).toBe('/teams/create');
  });

  it('lists the packages of the chosen team with status badges', async () => {
    const requests = renderPage();
    expect(within(await row('Draft package')).getByText('Draft')).toBeTruthy();
    expect(within(await row('Live package')).getByText('Published')).toBeTruthy();
    expect(requests.map((request) => request.url)).toContain('/api/service-packages/my-packages?team_id=21');
    fireEvent.change(screen.getByLabelText('Team'), { target: { value: '22' } });
    expect(await screen.findByText('This team has no service packages yet.')).toBeTruthy();
  });

  it('offers publish unless published, unpublish when published, and edit', async () => {
    const requests = renderPage();
    const draftRow = await row('Draft package');
    const liveRow = await row('Live package');
    expect(within(draftRow).queryByRole('button', { name: 'Unpublish Draft package' })).toBeNull();
    expect(within(liveRow).queryByRole('button', { name: 'Publish Live package' })).toBeNull();
    expect(within(draftRow).getByRole('link', { name: 'Edit Draft package' }).getAttribute('href')).toBe(
      '/services/edit/1',
    );
    fireEvent.click(within(draftRow).getByRole('button', { name: 'Publish Draft package' }));
    expect(
      (await screen.findAllByText(PACKAGE_TEXTS.published, {}, { timeout: 3000 })).length,
    ).toBeGreaterThan(0);
    fireEvent.click(within(liveRow).getByRole('button', { name: 'Unpublish Live package' }));
    expect(
      (await screen.findAllByText(PACKAGE_TEXTS.unpublished, {}, { timeout: 3000 })).length,
    ).toBeGreaterThan(0);
    const posts = requests.filter((request) => request.method === 'POST').map((request) => request.url);
    expect(posts).toEqual(['/api/service-packages/1/publish', '/api/service-packages/2/unpublish']);
  });

  it('asks for confirmation in a dialog before deleting, and Cancel keeps the package', async () => {
    const requests = renderPage();
    fireEvent.click(within(await row('Draft package')).getByRole('button', { name: 'Delete Draft package' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete package' });
    expect(within(dialog).getByText(PACKAGE_TEXTS.deleteConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(within(await row('Draft package')).getByRole('button', { name: 'Delete Draft package' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findAllByText(PACKAGE_TEXTS.deleted, {}, { timeout: 3000 })).length).toBeGreaterThan(
      0,
    );
    expect(requests.find((request) => request.method === 'DELETE')?.url).toBe('/api/service-packages/1');
  });

  it('explains a 409: a package with orders cannot be deleted', async () => {
    renderPage({
      onDelete: () =>
        jsonResponse({ detail: 'A package with orders cannot be deleted; unpublish it instead' }, 409),
    });
    fireEvent.click(within(await row('Live package')).getByRole('button', { name: 'Delete Live package' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(
      (await screen.findAllByText(DELETE_HAS_ORDERS_MESSAGE, {}, { timeout: 3000 })).length,
    ).toBeGreaterThan(0);
  });
});
