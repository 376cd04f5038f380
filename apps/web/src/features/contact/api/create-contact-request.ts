import type { ContactRequest } from '@teamhire/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The form only needs to know the message was accepted, so the 201 body is not read into a shape. */
export async function createContactRequest(body: ContactRequest): Promise<void> {
  await apiRequest<unknown>('/api/contact', { method: 'POST', body });
}

export function createContactRequestMutationOptions() {
  return mutationOptions({
    mutationKey: ['contact', 'create'],
    mutationFn: createContactRequest,
  });
}

export function useCreateContactRequest() {
  return useMutation(createContactRequestMutationOptions());
}
