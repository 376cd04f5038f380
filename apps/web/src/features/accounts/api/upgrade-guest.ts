import { userSchema, type RegisterRequest, type User } from '@teamhire/shared';
import { apiRequest } from '../../../lib/api-client';
import { GUEST_TOKEN_HEADER } from '../../../lib/guest-session';

/** `/register?upgrade_guest=true`: the guest of this token becomes a full account with every message. */
export function upgradeGuest(token: string, body: RegisterRequest): Promise<User> {
  return apiRequest('/api/guest-users/upgrade', {
    method: 'POST',
    body,
    headers: { [GUEST_TOKEN_HEADER]: token },
    schema: userSchema,
  });
}
