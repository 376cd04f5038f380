import type { TeamProfile } from '@teamhire/shared';
import { packageFixture, reviewFixture } from './order-fixtures';

/** Test data shaped like `GET /api/teams/{id}/profile` (packages/shared/src/team-profiles.ts). */
export function teamProfileFixture(overrides: Partial<TeamProfile> = {}): TeamProfile {
  return {
    id: 7,
    name: 'Pixel Forge',
    logo: null,
    description: 'We build online shops that sell.',
    is_active: true,
    availability: 'available',
    member_count: 2,
    max_members: 8,
    category: { id: 1, name: 'Web Development' },
    technologies: [
      { id: 4, name: 'React' },
      { id: 9, name: 'TypeScript' },
    ],
    created_at: '2024-03-01T10:00:00Z',
    members: [
      { id: 3, username: 'ada', display_name: 'Ada Lovelace', avatar_url: null, role: 'admin' },
      { id: 5, username: 'grace', display_name: 'grace', avatar_url: null, role: 'member' },
    ],
    packages: [packageFixture({ id: 31, title: 'Storefront in two weeks' })],
    reviews: [
      reviewFixture({ id: 1, team_id: 7, rating: 5, comment: 'Shipped early.' }),
      reviewFixture({
        id: 2,
        team_id: 7,
        rating: 4,
        comment: 'Good work.',
        buyer: { id: 8, username: 'alan' },
      }),
    ],
    rating_distribution: [
      { rating: 5, count: 1 },
      { rating: 4, count: 1 },
      { rating: 3, count: 0 },
      { rating: 2, count: 0 },
      { rating: 1, count: 0 },
    ],
    figures: {
      completed_projects: 12,
      average_rating: 4.5,
      review_count: 2,
      on_time_delivery_rate: 0.916,
      delivered_orders: 12,
      median_response_seconds: 1500,
      member_since: '2024-03-01T10:00:00Z',
    },
    ...overrides,
  };
}
