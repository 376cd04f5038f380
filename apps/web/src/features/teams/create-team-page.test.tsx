import { TEAM_TEXTS } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch-stub';
import { navigationFixture, signIn } from '../../test/fixtures';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { CreateTeamPage } from './create-team-page';
import {
  categoriesFixture,
  managedTeamFixture,
  projectSubTypesFixture,
  projectTypesFixture,
} from '../../test/team-management-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage({
  canCreateTeam = true,
  onCreate = () => jsonResponse(managedTeamFixture({ id: 77 }), 201),
}: { canCreateTeam?: boolean; onCreate?: (request: RecordedRequest) => Response } = {}) {
  signIn();
  const requests = stubFetch((request) => {
    const { url } = request;
    if (url === '/api/navigation') return jsonResponse(navigationFixture({ can_create_team: canCreateTeam }));
    if (url.startsWith('/api/service-categories')) return jsonResponse(categoriesFixture);
    if (url.startsWith('/api/project-types?service_category_id=1')) return jsonResponse(projectTypesFixture);
    if (url.startsWith('/api/project-types')) return jsonResponse([]);
    if (url.startsWith('/api/project-sub-types?project_type_id=2'))
      return jsonResponse(projectSubTypesFixture);
    if (url.startsWith('/api/project-sub-types')) return jsonResponse([]);
    if (url === '/api/teams' && request.method === 'POST') return onCreate(request);
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
  const rendered = renderWithProviders(<CreateTeamPage />, {
    route: '/teams/create',
    path: '/teams/create',
    extraRoutes: [
      { path: '/teams/manage', element: <LocationProbe /> },
      { path: '/dashboard', element: <LocationProbe /> },
    ],
  });
  return { requests, ...rendered };
}

async function choose(label: RegExp, optionName: string) {
  const select = screen.getByLabelText<HTMLSelectElement>(label);
  await within(select).findByRole('option', { name: optionName });
  fireEvent.change(select, {
    target: { value: within(select).getByRole<HTMLOptionElement>('option', { name: optionName }).value },
  });
}

function technologyChips(): string[] {
  return screen
    .queryAllByRole('button', { pressed: false })
    .concat(screen.queryAllByRole('button', { pressed: true }))
    .map((button) => button.textContent ?? '');
}

describe('CreateTeamPage', () => {
  it('explains the way to the verification centre without can_create_team', async () => {
    renderPage({ canCreateTeam: false });
    const link = await screen.findByRole('link', { name: /Verification Centre/ });
    expect(link.getAttribute('href')).toBe('/verification');
    expect(screen.queryByRole('form', { name: 'Create team' })).toBeNull();
  });

  it('offers 10 members by default with the 5-15 recommendation', async () => {
    renderPage();
    const size = await screen.findByLabelText<HTMLInputElement>(/^Maximum Members/);
    expect(size.value).toBe('10');
    expect(screen.getByText(/We recommend 5-15 members/)).toBeTruthy();
  });

  it('shows the validation texts before sending anything', async () => {
    const { requests } = renderPage();
    fireEvent.change(await screen.findByLabelText(/^Team Name/), { target: { value: 'ab' } });
    fireEvent.change(screen.getByLabelText(/^Maximum Members/), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByText(TEAM_TEXTS.nameTooShort)).toBeTruthy();
    expect(screen.getByText(TEAM_TEXTS.sizeRange)).toBeTruthy();
    expect(screen.getByText('Choose a service category')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Team Name/), { target: { value: '' } });
    expect(await screen.findByText(TEAM_TEXTS.nameRequired)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('clears the choices below a changed one', async () => {
    renderPage();
    await screen.findByLabelText(/^Team Name/);
    await choose(/^Service Category/, 'Web Development');
    await choose(/^Project Type/, 'Landing Page');
    expect(await screen.findByRole('button', { name: 'React', pressed: false })).toBeTruthy();
    await choose(/^Project Sub-type/, 'Product Launch Page');
    fireEvent.click(await screen.findByRole('button', { name: 'Vercel', pressed: false }));
    expect(screen.getByRole('button', { name: 'Vercel', pressed: true })).toBeTruthy();

    // The sub-type clears the technologies.
    fireEvent.change(screen.getByLabelText(/^Project Sub-type/), { target: { value: '' } });
    expect(await screen.findByRole('button', { name: 'React', pressed: false })).toBeTruthy();
    expect(screen.queryByRole('button', { pressed: true })).toBeNull();

    // The type clears the sub-type and the technologies.
    await choose(/^Project Sub-type/, 'Product Launch Page');
    fireEvent.click(await screen.findByRole('button', { name: 'Next.js', pressed: false }));
    await choose(/^Project Type/, 'Corporate Website');
    expect(screen.getByLabelText<HTMLSelectElement>(/^Project Sub-type/).value).toBe('');
    expect(await screen.findByRole('button', { name: 'WordPress', pressed: false })).toBeTruthy();
    expect(screen.queryByRole('button', { pressed: true })).toBeNull();

    // The category clears type, sub-type and technologies.
    fireEvent.click(screen.getByRole('button', { name: 'WordPress', pressed: false }));
    await choose(/^Service Category/, 'Mobile Development');
    expect(screen.getByLabelText<HTMLSelectElement>(/^Project Type/).value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>(/^Project Sub-type/).value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>(/^Project Sub-type/).disabled).toBe(true);
    expect(technologyChips()).toEqual([]);
  });

  it('creates the team and goes to /teams/manage', async () => {
    const { requests, router } = renderPage();
    fireEvent.change(await screen.findByLabelText(/^Team Name/), { target: { value: '  Launch Crew ' } });
    await choose(/^Service Category/, 'Web Development');
    await choose(/^Project Type/, 'Landing Page');
    await choose(/^Project Sub-type/, 'Product Launch Page');
    fireEvent.click(await screen.findByRole('button', { name: 'Vercel', pressed: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teams/manage'));
    expect(router.state.location.search).toBe('?team=77');
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Launch Crew',
      description: null,
      max_members: 10,
      service_category_id: 1,
      project_type_id: 2,
      projects_sub_types_id: 3,
      technology_ids: [43],
    });
  });

  it.each([
    [422, { detail: 'The sub-type does not belong to the type' }, TEAM_TEXTS.createValidation],
    [500, { detail: 'Internal Server Error' }, TEAM_TEXTS.createServer],
    [
      403,
      { detail: 'Only verified team admins can create teams' },
      'Only verified team admins can create teams',
    ],
  ])('explains a %i above the form', async (status, body, message) => {
    renderPage({ onCreate: () => jsonResponse(body, status) });
    fireEvent.change(await screen.findByLabelText(/^Team Name/), { target: { value: 'Launch Crew' } });
    await choose(/^Service Category/, 'Web Development');
    fireEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('goes back to the dashboard on Cancel', async () => {
    renderPage();
    expect((await screen.findByRole('link', { name: 'Cancel' })).getAttribute('href')).toBe('/dashboard');
  });
});
