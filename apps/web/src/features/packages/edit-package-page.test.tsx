import { PACKAGE_TEXTS, type User } from '@teamhire/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch-stub';
import { signIn, userFixture } from '../../test/fixtures';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { EditPackagePage } from './edit-package-page';
import { packageFixture } from './package-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage({
  user = userFixture({ id: 7, role: 'TEAM_ADMIN', is_verified: true }),
  onGet = () => jsonResponse(packageFixture({ id: 5 })),
  onPut = (request: RecordedRequest) => jsonResponse(packageFixture({ id: 5, ...(request.body as object) })),
  route = '/services/edit/5',
}: {
  user?: User;
  onGet?: () => Response;
  onPut?: (request: RecordedRequest) => Response;
  route?: string;
} = {}) {
  signIn();
  const requests = stubFetch((request) => {
    if (request.url === '/api/auth/me') return jsonResponse(user);
    if (request.url === '/api/service-packages/5' && request.method === 'GET') return onGet();
    if (request.url === '/api/service-packages/5' && request.method === 'PUT') return onPut(request);
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
  renderWithProviders(<EditPackagePage />, {
    route,
    path: '/services/edit/:id',
    extraRoutes: [{ path: '/services/manage-packages', element: <LocationProbe /> }],
  });
  return requests;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

describe('EditPackagePage', () => {
  it('fills the form and saves with the edit rules: more than 365 days is fine', async () => {
    const requests = renderPage();
    const title = await screen.findByLabelText<HTMLInputElement>(/^Service Title/);
    expect(title.value).toBe('Landing page in a week');
    expect(screen.getByLabelText<HTMLInputElement>(/^Price/).value).toBe('499.99');
    expect(screen.getByLabelText<HTMLInputElement>(/^Revisions/).value).toBe('1');
    fireEvent.change(screen.getByLabelText(/^Duration/), { target: { value: '400' } });
    fireEvent.change(screen.getByLabelText(/^Revisions/), { target: { value: '3' } });
    save();
    expect((await screen.findByLabelText('Current location', {}, { timeout: 3000 })).textContent).toBe(
      '/services/manage-packages',
    );
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      title: 'Landing page in a week',
      duration_days: 400,
      revisions: 3,
      price: 499.99,
      tags: 'react,design',
    });
    expect((await screen.findAllByText(PACKAGE_TEXTS.updated, {}, { timeout: 3000 })).length).toBeGreaterThan(
      0,
    );
  });

  it('shows the edit validation texts', async () => {
    const requests = renderPage();
    fireEvent.change(await screen.findByLabelText(/^Duration/), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText(/^Service Title/), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'short' } });
    save();
    expect(await screen.findByText(PACKAGE_TEXTS.durationTooShort)).toBeTruthy();
    expect(screen.getByText(PACKAGE_TEXTS.titleTooShort)).toBeTruthy();
    expect(screen.getByText(PACKAGE_TEXTS.descriptionTooShort)).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it("tells someone who is not the team's admin that the package is not found or not theirs", async () => {
    renderPage({ user: userFixture({ id: 99, role: 'TEAM_ADMIN', is_verified: true }) });
    expect(await screen.findByRole('heading', { name: 'Package Not Found' })).toBeTruthy();
    expect(screen.getByText(/you don't have permission to edit it/)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says the same for a missing package or a bad id', async () => {
    renderPage({ onGet: () => jsonResponse({ detail: 'Service package not found' }, 404) });
    expect(await screen.findByRole('heading', { name: 'Package Not Found' })).toBeTruthy();
  });

  it("shows 'Failed to update package' when the save fails without a reason", async () => {
    renderPage({ onPut: () => jsonResponse({ detail: 'Internal Server Error' }, 500) });
    await screen.findByLabelText(/^Service Title/);
    save();
    expect(await screen.findByText(PACKAGE_TEXTS.updateFailed)).toBeTruthy();
  });

  it('shows a loading state first', () => {
    renderPage();
    expect(screen.getByRole('status').textContent).toContain('Loading package...');
  });
});
