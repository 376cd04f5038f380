import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearTokens, getRefreshToken } from '../../lib/auth-tokens';
import { logout } from './api/logout';

/**
 * Logout clears both tokens and every cached answer, then goes to /login. The server is
 * told to revoke the refresh token, but signing out here never waits for it or depends on it.
 */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(() => {
    const refreshToken = getRefreshToken();
    if (refreshToken) void logout(refreshToken).catch(() => undefined);
    clearTokens('signed-out');
    void navigate('/login', { replace: true });
    queryClient.clear();
  }, [navigate, queryClient]);
}
