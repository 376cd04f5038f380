import type { LoginRequest, TokenResponse } from '@teamhire/shared';
import { apiRequest } from '../../../lib/api-client';

export function login(body: LoginRequest): Promise<TokenResponse> {
  return apiRequest('/api/auth/login', {
    method: 'POST',
    body,
    schema: () => import('@teamhire/shared/accounts').then((contract) => contract.tokenResponseSchema),
  });
}
