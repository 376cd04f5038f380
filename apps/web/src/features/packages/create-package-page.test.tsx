import { PACKAGE_TEXTS } from '@teamhire/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch-stub';
import { navigationFixture, signIn } from '../../test/fixtures';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { managedTeamFixture } from '../../test/team-management-fixtures';
import { CreatePackagePage } from './create-package-page';
import { packageFixture } from './package-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage({
  verified = true,
  teams = [
    managedTeamFixture({ id: 21, name: 'Launch Crew' }),
    managedTeamFixture({ id: 22, name: 'Second Crew' }),
  ],
  onCreate = () => jsonResponse(packageFixture({ status: 'draft' }), 201),
}: {
  verified?: boolean;
  teams?: ReturnType<typeof managedTeamFixture>[];
  onCreate?: (request: RecordedRequest) => Response;
} = {}) {
  signIn();
  const requests = stubFetch((request) => {
    if (request.url === '/api/navigation') {
      return jsonResponse(
        navigationFixture({ can_create_service_packages: verified, can_manage_team: true }),
      );
    }
    if (request.url === '/api/teams/my-teams') return jsonResponse(teams);
    if (request.url === '/api/service-packages' && request.method === 'POST') return onCreate(request);
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
  renderWithProviders(<CreatePackagePage />, {
    route: '/services/create',
    path: '/services/create',
    extraRoutes: [
      { path: '/services/manage-packages', element: <LocationProbe /> },
      { path: '/teams/create', element: <LocationProbe /> },
    ],
  });
  return requests;
}

const field = (label: RegExp) => screen.findByLabelText<HTMLInputElement>(label);

async function fillValid() {
  fireEvent.change(await field(/^Team/), { target: { value: '22' } });
  fireEvent.change(await field(/^Service Title/), { target: { value: 'Landing page in a week' } });
  fireEvent.change(await field(/^Description/), {
    target: { value: 'A fast, accessible landing page with everything included.' },
  });
  fireEvent.change(await field(/^Price/), { target: { value: '499.99' } });
  fireEvent.change(await field(/^Duration/), { target: { value: '7' } });
  fireEvent.change(await field(/^Tags/), { target: { value: 'react, design' } });
  fireEvent.change(await field(/^Requirements/), { target: { value: 'Your logo' } });
  fireEvent.change(await field(/^Deliverables/), { target: { value: 'A deployed site' } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Package' }));

describe('CreatePackagePage', () => {
  it("shows 'No Teams Available' with Create Team when the user is not a verified admin", async () => {
    renderPage({ verified: false });
    expect(await screen.findByRole('heading', { name: PACKAGE_TEXTS.noTeams })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Create Team/ }).getAttribute('href')).toBe('/teams/create');
    expect(screen.queryByRole('form', { name: 'Create service package' })).toBeNull();
  });

  it("shows 'No Teams Available' when a verified admin administers no team", async () => {
    renderPage({ teams: [] });
    expect(await screen.findByRole('heading', { name: PACKAGE_TEXTS.noTeams })).toBeTruthy();
  });

  it('offers the administered teams and shows the validation texts before sending anything', async () => {
    const requests = renderPage();
    expect(await screen.findByRole('option', { name: 'Second Crew' })).toBeTruthy();
    fireEvent.change(await field(/^Service Title/), { target: { value: 'Shop' } });
    fireEvent.change(await field(/^Description/), { target: { value: 'Too short' } });
    fireEvent.change(await field(/^Price/), { target: { value: '0' } });
    fireEvent.change(await field(/^Duration/), { target: { value: '400' } });
    fireEvent.change(await field(/^Revisions/), { target: { value: '11' } });
    submit();
    expect(await screen.findByText(PACKAGE_TEXTS.teamRequired)).toBeTruthy();
    expect(screen.getByText(PACKAGE_TEXTS.titleTooShort)).toBeTruthy();
    expect(screen.getByText(PACKAGE_TEXTS.descriptionTooShort)).toBeTruthy();
    expect(screen.getByText(PACKAGE_TEXTS.priceTooLow)).toBeTruthy();
    expect(screen.getByText(PACKAGE_TEXTS.durationRange)).toBeTruthy();
    expect(screen.getByText('Revisions must be between 0 and 10')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('creates the package, shows a toast and goes to Manage Packages', async () => {
    const requests = renderPage();
    await fillValid();
    submit();
    expect((await screen.findByLabelText('Current location', {}, { timeout: 3000 })).textContent).toBe(
      '/services/manage-packages',
    );
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      team_id: 22,
      title: 'Landing page in a week',
      description: 'A fast, accessible landing page with everything included.',
      price: 499.99,
      duration_days: 7,
      revisions: 1,
      tags: 'react,design',
      requirements: 'Your logo',
      deliverables: 'A deployed site',
    });
    expect((await screen.findAllByText(PACKAGE_TEXTS.created, {}, { timeout: 3000 })).length).toBeGreaterThan(
      0,
    );
  });

  it("shows the server's message, or 'Failed to create service package'", async () => {
    renderPage({
      onCreate: () =>
        jsonResponse({ detail: 'Only a verified admin of this team can create its packages' }, 403),
    });
    await fillValid();
    submit();
    expect(
      await screen.findByText('Only a verified admin of this team can create its packages'),
    ).toBeTruthy();
  });

  it("falls back to 'Failed to create service package' on a server error", async () => {
    renderPage({ onCreate: () => jsonResponse({ detail: 'Internal Server Error' }, 500) });
    await fillValid();
    submit();
    expect(await screen.findByText(PACKAGE_TEXTS.createFailed)).toBeTruthy();
    expect(screen.queryByLabelText('Current location')).toBeNull();
  });
});
