import type { RegisterRequest, User } from '@teamhire/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function register(body: RegisterRequest): Promise<User> {
  return apiRequest('/api/auth/register', {
    method: 'POST',
    body,
    schema: () => import('@teamhire/shared/accounts').then((contract) => contract.userSchema),
  });
}

export function registerMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'register'], mutationFn: register });
}

export function useRegister() {
  return useMutation(registerMutationOptions());
}
