import { ACCOUNT_TEXTS, PROFILE_PICTURE_MAX_BYTES } from '@teamhire/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fetch-stub';
import { signIn, userFixture } from '../../test/fixtures';
import { LocationProbe, renderWithProviders } from '../../test/render';
import {
  EditProfilePage,
  PROFILE_REDIRECT_MS,
  PROFILE_SAVED_REDIRECT_PATH,
  profileChanges,
} from './edit-profile-page';
import { profilePictureProblem } from './profile-picture';

interface Call {
  url: string;
  method: string;
  body: unknown;
}

function stubProfileApi(handlers: Record<string, () => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
      calls.push({ url, method, body });
      const handler = handlers[`${method} ${url}`];
      return handler ? handler() : jsonResponse({ detail: 'Not Found' }, 404);
    }),
  );
  return calls;
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderPage() {
  signIn();
  return renderWithProviders(<EditProfilePage />, {
    route: '/profile/edit',
    path: '/profile/edit',
    extraRoutes: [{ path: PROFILE_SAVED_REDIRECT_PATH, element: <LocationProbe /> }],
  });
}

const user = userFixture({ username: 'ada', email: 'ada@example.com', full_name: 'Ada Lovelace' });

function chooseFile(file: File) {
  fireEvent.change(screen.getByLabelText('Choose Image'), { target: { files: [file] } });
}

describe('profilePictureProblem', () => {
  it('accepts an image under 5MB only', () => {
    expect(profilePictureProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(profilePictureProblem({ type: 'application/pdf', size: 1000 })).toBe(
      ACCOUNT_TEXTS.pictureNotImage,
    );
    expect(profilePictureProblem({ type: 'image/jpeg', size: PROFILE_PICTURE_MAX_BYTES })).toBe(
      ACCOUNT_TEXTS.pictureTooLarge,
    );
  });
});

describe('profileChanges', () => {
  it('sends only what changed, an empty full name as null', () => {
    expect(
      profileChanges(
        user,
        { username: 'ada', email: 'ada@example.com', full_name: 'Ada Lovelace' },
        undefined,
      ),
    ).toEqual({});
    expect(
      profileChanges(user, { username: 'ada2', email: 'ada@example.com', full_name: ' ' }, '/uploads/a.webp'),
    ).toEqual({
      username: 'ada2',
      full_name: null,
      profile_picture_url: '/uploads/a.webp',
    });
  });
});

describe('EditProfilePage', () => {
  it('fills the form with the current profile', async () => {
    stubProfileApi({ 'GET /api/auth/me': () => jsonResponse(user) });
    renderPage();
    expect(await screen.findByDisplayValue('ada')).toBeTruthy();
    expect(screen.getByDisplayValue('ada@example.com')).toBeTruthy();
    expect(screen.getByDisplayValue('Ada Lovelace')).toBeTruthy();
  });

  it('refuses a file that is not an image, or too large, before uploading', async () => {
    const calls = stubProfileApi({ 'GET /api/auth/me': () => jsonResponse(user) });
    renderPage();
    await screen.findByDisplayValue('ada');
    chooseFile(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_TEXTS.pictureNotImage);
    const large = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(large, 'size', { value: PROFILE_PICTURE_MAX_BYTES + 1 });
    chooseFile(large);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ACCOUNT_TEXTS.pictureTooLarge));
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('uploads the picture, then saves the changes, then goes on after 2 s', async () => {
    const calls = stubProfileApi({
      'GET /api/auth/me': () => jsonResponse(user),
      'POST /api/auth/upload-profile-picture': () =>
        jsonResponse({ profile_picture_url: '/uploads/avatars/a.webp' }),
      'PUT /api/auth/me': () =>
        jsonResponse({ ...user, full_name: 'Ada King', profile_picture_url: '/uploads/avatars/a.webp' }),
    });
    const { router } = renderPage();
    await screen.findByDisplayValue('ada');
    chooseFile(new File(['png'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText(/Selected: me\.png/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Full Name/), { target: { value: 'Ada King' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(ACCOUNT_TEXTS.profileUpdated)).toBeTruthy();
    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/auth/upload-profile-picture',
      'PUT /api/auth/me',
    ]);
    expect(writes[0]!.body).toBeInstanceOf(FormData);
    expect((writes[0]!.body as FormData).get('file')).toBeInstanceOf(File);
    // The upload already put the picture on the profile; the update carries only the other change.
    expect(writes[1]!.body).toEqual({ full_name: 'Ada King' });
    await act(() => vi.advanceTimersByTimeAsync(PROFILE_REDIRECT_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('puts a taken username on its field', async () => {
    stubProfileApi({
      'GET /api/auth/me': () => jsonResponse(user),
      'PUT /api/auth/me': () =>
        jsonResponse(
          {
            detail: ACCOUNT_TEXTS.usernameTaken,
            errors: [{ path: 'body.username', message: ACCOUNT_TEXTS.usernameTaken }],
          },
          409,
        ),
    });
    renderPage();
    const username = await screen.findByDisplayValue('ada');
    fireEvent.change(username, { target: { value: 'grace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(ACCOUNT_TEXTS.usernameTaken)).toBeTruthy();
  });

  it("says 'Failed to update profile. Please try again.' otherwise", async () => {
    stubProfileApi({
      'GET /api/auth/me': () => jsonResponse(user),
      'PUT /api/auth/me': () => new Response('', { status: 500 }),
    });
    renderPage();
    await screen.findByDisplayValue('ada');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_TEXTS.profileUpdateFailed);
  });
});
