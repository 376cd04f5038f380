import { type ContactRequest, contactResponseSchema } from '@teamhire/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The form only needs to know the message was accepted: the checked 201 answer is not kept. */
export async function createContactRequest(body: ContactRequest): Promise<void> {
  await apiRequest('/api/contact', { method: 'POST', body, schema: contactResponseSchema });
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
