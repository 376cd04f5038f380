import type { Offer } from '@teamhire/shared';

/** A pending offer in room 12 of team 3 (Pixel Crew), expiring a week after `now`. */
export function offerFixture(overrides: Partial<Offer> = {}, now = Date.now()): Offer {
  return {
    id: 40,
    chat_room_id: 12,
    team_id: 3,
    team_name: 'Pixel Crew',
    title: 'Booking site in three weeks',
    description: 'A booking site with a calendar, payments and an admin area.',
    price: 5600,
    duration_days: 21,
    revisions: 2,
    expires_at: new Date(now + 7 * 24 * 3600_000).toISOString(),
    state: 'pending',
    order_id: null,
    created_at: new Date(now).toISOString(),
    state_changed_at: null,
    ...overrides,
  };
}
