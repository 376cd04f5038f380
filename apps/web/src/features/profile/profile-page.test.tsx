import { PROFILE_TEXTS, type Profile } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch-stub';
import { signIn, userFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ProfilePage } from './profile-page';
import { emptyProfile, profileFixture, skillFixture } from './profile-test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const user = userFixture({ full_name: 'Ada Lovelace', role: 'SELLER', created_at: '2025-03-04T10:00:00Z' });

type Handler = (request: RecordedRequest) => Response;

function stubProfileApi(profile: Profile, handlers: Record<string, Handler> = {}) {
  return stubFetch((request) => {
    const handler = handlers[`${request.method} ${request.url}`];
    if (handler) return handler(request);
    if (request.url === '/api/auth/me') return jsonResponse(user);
    if (request.method === 'GET' && request.url === '/api/profile') return jsonResponse(profile);
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
}

function renderPage() {
  signIn();
  return renderWithProviders(<ProfilePage />, { route: '/profile', path: '/profile' });
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

function profileLoads(requests: RecordedRequest[]): number {
  return requests.filter((request) => request.method === 'GET' && request.url === '/api/profile').length;
}

describe('ProfilePage', () => {
  it('shows who the profile belongs to and every item in readable cards', async () => {
    stubProfileApi(profileFixture());
    renderPage();
    const summary = await screen.findByRole('region', { name: 'Profile summary' });
    expect(within(summary).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(summary).getByText('@ada')).toBeTruthy();
    expect(within(summary).getByText('Seller')).toBeTruthy();
    expect(summary.textContent).toContain('Member since Mar 4, 2025');
    expect(within(summary).getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe(
      '/profile/edit',
    );

    const experience = await screen.findByRole('region', { name: 'Experience' });
    expect(within(experience).getByText('Senior Developer')).toBeTruthy();
    expect(within(experience).getByText('May 2021 – Present')).toBeTruthy();
    expect(within(experience).getByText('4.8 / 5')).toBeTruthy();
    expect(within(experience).getByText('35')).toBeTruthy();
    expect(within(section('Skills')).getByText('Expert')).toBeTruthy();
    const credential = within(section('Certificates')).getByRole('link', { name: /^View credential/ });
    expect(credential.getAttribute('href')).toBe('https://example.com/credential/123');
    expect(credential.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(section('Certificates')).getByText('Issued Mar 2022 · Expires Mar 2025')).toBeTruthy();
    expect(within(section('Education')).getByText('GPA 3.8')).toBeTruthy();
    expect(within(section('Education')).getByText('Sep 2015 – Jun 2018')).toBeTruthy();
  });

  it('says what is missing, with a way to add it', async () => {
    stubProfileApi(emptyProfile);
    renderPage();
    for (const [heading, text, button] of [
      ['Experience', 'No experience added yet', 'Add Experience'],
      ['Skills', 'No skills added yet', 'Add Skill'],
      ['Certificates', 'No certificates added yet', 'Add Certificate'],
      ['Education', 'No education added yet', 'Add Education'],
    ] as const) {
      const region = await screen.findByRole('region', { name: heading });
      expect(within(region).getByText(text)).toBeTruthy();
      expect(within(region).getByRole('button', { name: button })).toBeTruthy();
    }
  });

  it("shows 'Failed to load profile data. Please try again.' with a Retry that asks again", async () => {
    let calls = 0;
    stubProfileApi(emptyProfile, {
      'GET /api/profile': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ detail: 'Internal server error' }, 500)
          : jsonResponse(profileFixture());
      },
    });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain(PROFILE_TEXTS.loadFailed);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Senior Developer')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('adds an item through the dialog and shows it without loading the profile again', async () => {
    const requests = stubProfileApi(emptyProfile, {
      'POST /api/profile/skills': ({ body }) =>
        jsonResponse(skillFixture({ id: 40, ...(body as object), category: null }), 201),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Skill' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Skill' });
    fireEvent.change(within(dialog).getByLabelText('Skill Name'), { target: { value: 'Go' } });
    fireEvent.change(within(dialog).getByLabelText('Level'), { target: { value: 'Intermediate' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const skills = section('Skills');
    expect(within(skills).getByRole('heading', { level: 3, name: 'Go' })).toBeTruthy();
    expect(within(skills).getByText('Intermediate')).toBeTruthy();
    expect((await screen.findAllByText('Skill added')).length).toBeGreaterThan(0);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Go',
      level: 'Intermediate',
      category: null,
      total_completed_projects: 0,
      avg_reviews: 0,
      total_reviews: 0,
    });
    expect(profileLoads(requests)).toBe(1);
  });

  it('edits an item with the same form, sending the whole item', async () => {
    const requests = stubProfileApi(profileFixture(), {
      'PUT /api/profile/skills/2': ({ body }) => jsonResponse(skillFixture({ ...(body as object) })),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit TypeScript' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Skill' });
    expect((within(dialog).getByLabelText('Skill Name') as HTMLInputElement).value).toBe('TypeScript');
    fireEvent.change(within(dialog).getByLabelText('Level'), { target: { value: 'Advanced' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(section('Skills')).getByText('Advanced')).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      name: 'TypeScript',
      level: 'Advanced',
      category: 'Frontend',
      total_completed_projects: 20,
      avg_reviews: 4.9,
      total_reviews: 18,
    });
    expect(profileLoads(requests)).toBe(1);
  });

  it('deletes only after the confirmation, then moves focus to the section', async () => {
    const requests = stubProfileApi(profileFixture(), {
      'DELETE /api/profile/skills/2': () => new Response(null, { status: 204 }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete TypeScript' }));
    let confirmation = await screen.findByRole('alertdialog', { name: 'Delete Skill?' });
    expect(confirmation.textContent).toContain('"TypeScript" will be removed from your profile.');
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete TypeScript' }));
    confirmation = await screen.findByRole('alertdialog', { name: 'Delete Skill?' });
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(section('Skills')).getByText('No skills added yet')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual([
      '/api/profile/skills/2',
    ]);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Skills' })),
    );
  });

  it("keeps the item and says 'Failed to delete item. Please try again.' when the delete fails", async () => {
    stubProfileApi(profileFixture(), {
      'DELETE /api/profile/skills/2': () => jsonResponse({ detail: 'Internal server error' }, 500),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete TypeScript' }));
    const confirmation = await screen.findByRole('alertdialog', { name: 'Delete Skill?' });
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Delete' }));
    expect((await within(confirmation).findByRole('alert')).textContent).toBe(PROFILE_TEXTS.deleteFailed);
    // The page behind the open dialog is hidden from assistive technology, hence `hidden`.
    expect(screen.getByRole('heading', { level: 3, name: 'TypeScript', hidden: true })).toBeTruthy();
  });

  it("keeps the dialog open with 'Failed to save data. Please try again.' when the save fails", async () => {
    stubProfileApi(profileFixture(), {
      'PUT /api/profile/experiences/1': () => jsonResponse({ detail: 'Internal server error' }, 500),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Senior Developer at Acme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Experience' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(PROFILE_TEXTS.saveFailed);
  });
});
