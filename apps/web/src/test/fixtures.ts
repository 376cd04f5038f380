import type { Navigation, Notification, User } from '@teamhire/shared';
import { storeTokens } from '../lib/auth-tokens';
import { storeGuestSession } from '../lib/guest-session';

export function userFixture(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'ada',
    email: 'ada@example.com',
    full_name: 'Ada Lovelace',
    role: 'BUYER',
    is_active: true,
    is_superuser: false,
    is_verified: false,
    email_verified: true,
    profile_picture_url: null,
    verification_status: null,
    created_at: '2025-03-04T10:00:00Z',
    ...overrides,
  };
}

export function navigationFixture(overrides: Partial<Navigation> = {}): Navigation {
  return {
    can_create_team: false,
    can_manage_team: false,
    can_apply_to_teams: false,
    can_create_service_packages: false,
    can_purchase_services: false,
    can_view_orders: false,
    can_review_verifications: false,
    requires_verification: false,
    is_verified: false,
    verification_status: null,
    ...overrides,
  };
}

export function signIn(accessToken = 'access-1', refreshToken = 'refresh-1'): void {
  storeTokens({ accessToken, refreshToken });
}

/** A stored guest session: Grace, in room 55, valid until 2030. */
export function storeGuestFixture(): void {
  storeGuestSession({
    token: 'guest-secret',
    guestUserId: 8,
    name: 'Grace',
    tempUserId: 'guest:8',
    chatRoomId: 55,
    expiresAt: '2030-01-08T00:00:00Z',
  });
}

/** A notification of an order's step; `link` follows `order_id` unless given. */
export function notificationFixture(id: number, overrides: Partial<Notification> = {}): Notification {
  const orderId = overrides.order_id === undefined ? 100 + id : overrides.order_id;
  return {
    id,
    kind: 'delivered',
    order_id: orderId,
    link: orderId === null ? '/notifications' : `/orders/${orderId}`,
    text: `studio delivered Package ${id}`,
    created_at: new Date(Date.now() - id * 60_000).toISOString(),
    read_at: null,
    ...overrides,
  };
}
