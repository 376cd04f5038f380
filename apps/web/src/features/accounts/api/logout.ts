import { apiRequestWithoutContent } from '../../../lib/api-client';

/** Revokes the refresh token on the server; the access token simply runs out. */
export async function logout(refreshToken: string): Promise<void> {
  await apiRequestWithoutContent('/api/auth/logout', {
    method: 'POST',
    body: { refresh_token: refreshToken },
  });
}
