import type { LoginRequest, TokenResponse } from '@teamhire/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function login(body: LoginRequest): Promise<TokenResponse> {
  return apiRequest('/api/auth/login', {
    method: 'POST',
    body,
    schema: () => import('@teamhire/shared/accounts').then((contract) => contract.tokenResponseSchema),
  });
}

export function loginMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'login'], mutationFn: login });
}

export function useLogin() {
  return useMutation(loginMutationOptions());
}
