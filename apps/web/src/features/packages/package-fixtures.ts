import type { PackageList, ServicePackage } from '@teamhire/shared';

/** Test data shaped like the API's answers (packages/shared/src/packages.ts). */
export function packageFixture(overrides: Partial<ServicePackage> = {}): ServicePackage {
  return {
    id: 1,
    team_id: 21,
    title: 'Landing page in a week',
    description: 'A fast, accessible landing page with copy, design and deployment included.',
    price: 499.99,
    duration_days: 7,
    revisions: 1,
    tags: 'react,design',
    requirements: 'Your logo and brand colours',
    deliverables: 'Source code and a deployed site',
    status: 'published',
    created_at: '2025-02-10T10:00:00Z',
    updated_at: '2025-03-15T10:00:00Z',
    images: [],
    cover_image: null,
    average_rating: null,
    review_count: 0,
    team: {
      id: 21,
      name: 'Launch Crew',
      description: 'Launch pages in a week.',
      member_count: 3,
      max_members: 8,
      is_active: true,
      created_at: '2021-06-01T10:00:00Z',
      admin: { id: 7, username: 'ada' },
    },
    ...overrides,
  };
}

export function packageListFixture(items: ServicePackage[], total = items.length, skip = 0): PackageList {
  return { items, total, skip, limit: 50 };
}
