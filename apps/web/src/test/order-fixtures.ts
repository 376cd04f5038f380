import {
  allowedOrderActions,
  type Order,
  type OrderParty,
  type Review,
  type ServicePackage,
} from '@teamhire/shared';

export function packageFixture(overrides: Partial<ServicePackage> = {}): ServicePackage {
  return {
    id: 12,
    team_id: 3,
    title: 'Landing Page Sprint',
    description: 'A responsive landing page designed, built and launched in a week.',
    price: 499.99,
    duration_days: 7,
    revisions: 1,
    tags: 'react,design',
    requirements: null,
    deliverables: null,
    status: 'published',
    created_at: '2025-05-01T10:00:00Z',
    updated_at: '2025-05-02T10:00:00Z',
    images: [],
    cover_image: null,
    average_rating: null,
    review_count: 0,
    team: {
      id: 3,
      name: 'Pixel Crew',
      description: 'Landing pages in a week.',
      member_count: 3,
      max_members: 5,
      is_active: true,
      created_at: '2024-01-10T10:00:00Z',
      admin: { id: 30, username: 'grace' },
    },
    ...overrides,
  };
}

export function reviewFixture(overrides: Partial<Review> = {}): Review {
  return {
    id: 4,
    order_id: 90,
    service_package_id: 12,
    team_id: 3,
    rating: 5,
    comment: 'Fast and friendly.',
    created_at: '2025-06-10T10:00:00Z',
    buyer: { id: 7, username: 'ada' },
    service_package_title: 'Landing Page Sprint',
    ...overrides,
  };
}

/** The actions of the lifecycle table for the viewer, unless a test names them. */
function viewerActions(overrides: Partial<Order>): Order['allowed_actions'] {
  const viewer = overrides.viewer ?? { is_buyer: true, is_team: false, is_admin: false };
  const actors: OrderParty[] = [
    ...(viewer.is_buyer ? (['buyer'] as const) : []),
    ...(viewer.is_team ? (['team'] as const) : []),
    ...(viewer.is_admin ? (['admin'] as const) : []),
  ];
  return allowedOrderActions(overrides.status ?? 'confirmed', actors, ['revisions_left']);
}

export function orderFixture(overrides: Partial<Order> = {}): Order {
  const servicePackage = packageFixture();
  return {
    id: 90,
    status: 'confirmed',
    total_amount: 499.99,
    currency: 'USD',
    created_at: '2025-06-01T10:00:00Z',
    updated_at: '2025-06-01T10:00:00Z',
    completed_at: null,
    team_id: 3,
    service_package_id: 12,
    buyer_id: 7,
    buyer: { id: 7, username: 'ada' },
    service_package: {
      id: servicePackage.id,
      title: servicePackage.title,
      description: servicePackage.description,
      price: servicePackage.price,
      duration_days: servicePackage.duration_days,
      tags: servicePackage.tags,
      status: servicePackage.status,
    },
    team: servicePackage.team,
    payment: {
      id: 55,
      order_id: 90,
      status: 'completed',
      method: 'credit_card',
      amount: 499.99,
      currency: 'USD',
      transaction_id: 'txn_abc123',
      card_brand: 'visa',
      card_last_four: '4242',
      failure_message: null,
      created_at: '2025-06-01T10:00:00Z',
      completed_at: '2025-06-01T10:00:01Z',
    },
    review: null,
    viewer: { is_buyer: true, is_team: false, is_admin: false },
    allowed_transitions: ['cancelled'],
    allowed_actions: viewerActions(overrides),
    confirmed_at: '2025-06-01T10:00:01Z',
    due_at: '2025-06-08T10:00:01Z',
    delivered_at: null,
    auto_complete_at: null,
    revisions_included: 1,
    revisions_used: 0,
    deliveries: [],
    dispute: null,
    events: [
      {
        type: 'placed',
        actor: { id: 7, username: 'ada' },
        message: null,
        created_at: '2025-06-01T10:00:00Z',
      },
      { type: 'confirmed', actor: null, message: null, created_at: '2025-06-01T10:00:01Z' },
    ],
    can_review: false,
    ...overrides,
  };
}
