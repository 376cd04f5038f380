import {
  savedPaymentMethodSchema,
  type SavedPaymentMethod,
  type SavedPaymentMethodCreate,
} from '@teamhire/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * A plain call, not a TanStack mutation: a mutation would keep the card number and CVV among its
 * cached variables, and they must never be kept anywhere but in this one request.
 */
export function createPaymentMethod(method: SavedPaymentMethodCreate): Promise<SavedPaymentMethod> {
  return apiRequest('/api/user/payment-methods', {
    method: 'POST',
    body: method,
    schema: savedPaymentMethodSchema,
  });
}
