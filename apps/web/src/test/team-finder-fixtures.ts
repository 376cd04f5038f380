import type { ProjectSubType, ProjectType, ServiceCategory, Team, TeamList } from '@teamhire/shared';

/** Test data shaped like the API's answers (packages/shared/src/teams.ts and catalogue.ts). */
export function teamFixture(overrides: Partial<Team> = {}): Team {
  return {
    id: 11,
    name: 'Pixel Crafters',
    description: 'We build fast storefronts.',
    logo: null,
    member_count: 3,
    max_members: 8,
    is_active: true,
    availability: 'available',
    service_category_id: 1,
    service_category: { id: 1, name: 'Web Development' },
    project_type_id: 2,
    project_type: { id: 2, name: 'Landing Page' },
    projects_sub_types_id: null,
    project_sub_type: null,
    technologies: [
      { id: 30, name: 'React' },
      { id: 31, name: 'TypeScript' },
    ],
    admin_id: 5,
    admin: { id: 5, username: 'grace', profile_picture_url: null },
    lowest_package_price: 499.5,
    team_metrics: { total_completed_projects: 12, avg_reviews: 4.56, total_reviews: 9 },
    created_at: '2023-06-01T12:00:00Z',
    ...overrides,
  };
}

export function teamListFixture(items: Team[], overrides: Partial<TeamList> = {}): TeamList {
  return { items, total: items.length, skip: 0, limit: 100, ...overrides };
}

export function categoryFixture(overrides: Partial<ServiceCategory> = {}): ServiceCategory {
  return {
    id: 1,
    name: 'Web Development',
    description: 'Websites and web applications.',
    is_active: true,
    ...overrides,
  };
}

export function projectTypeFixture(overrides: Partial<ProjectType> = {}): ProjectType {
  return {
    id: 2,
    service_category_id: 1,
    name: 'Landing Page',
    description: 'A focused single page.',
    is_active: true,
    technologies: [],
    ...overrides,
  };
}

export function subTypeFixture(overrides: Partial<ProjectSubType> = {}): ProjectSubType {
  return {
    id: 20,
    project_type_id: 2,
    name: 'Product Launch Page',
    description: 'A launch page with a waitlist.',
    is_active: true,
    technologies: [],
    ...overrides,
  };
}
