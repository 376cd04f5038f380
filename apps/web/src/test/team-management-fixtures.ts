import type {
  ProjectSubType,
  ProjectType,
  ServiceCategory,
  Team,
  TeamApplication,
  TeamDetail,
  VerificationRequest,
} from '@teamhire/shared';
import { categoryFixture, projectTypeFixture, subTypeFixture, teamFixture } from './team-finder-fixtures';

/** Test data shaped like the API's answers (packages/shared/src/teams.ts, verification.ts, catalogue.ts). */
export function managedTeamFixture(overrides: Partial<Team> = {}): Team {
  return teamFixture({
    id: 21,
    name: 'Launch Crew',
    description: 'Launch pages in a week.',
    member_count: 2,
    max_members: 10,
    projects_sub_types_id: 3,
    project_sub_type: { id: 3, name: 'Product Launch Page' },
    technologies: [{ id: 40, name: 'Next.js' }],
    admin_id: 7,
    admin: { id: 7, username: 'ada', profile_picture_url: null },
    lowest_package_price: null,
    team_metrics: { total_completed_projects: 0, avg_reviews: 0, total_reviews: 0 },
    created_at: '2025-01-05T10:00:00Z',
    ...overrides,
  });
}

export function managedTeamDetailFixture(overrides: Partial<TeamDetail> = {}): TeamDetail {
  return {
    ...managedTeamFixture(),
    members: [
      {
        id: 7,
        username: 'ada',
        full_name: 'Ada Lovelace',
        profile_picture_url: null,
        role: 'admin',
        joined_at: '2025-01-05T10:00:00Z',
      },
      {
        id: 9,
        username: 'bob',
        full_name: null,
        profile_picture_url: null,
        role: 'member',
        joined_at: '2025-02-01T10:00:00Z',
      },
    ],
    ...overrides,
  };
}

export function applicationFixture(overrides: Partial<TeamApplication> = {}): TeamApplication {
  return {
    id: 31,
    team: { id: 21, name: 'Launch Crew', description: 'Launch pages in a week.' },
    user: { id: 12, username: 'carol', full_name: 'Carol Danvers' },
    application_message: 'I build landing pages every week.',
    applied_at: '2025-03-01T10:00:00Z',
    status: 'pending',
    response_message: null,
    responded_at: null,
    ...overrides,
  };
}

export function verificationRequestFixture(
  overrides: Partial<VerificationRequest> = {},
): VerificationRequest {
  return {
    id: 51,
    requested_role: 'TEAM_ADMIN',
    current_role: 'SELLER',
    request_message: 'I have led three delivery teams and would like to run one on TeamHire as well.',
    documents_url: 'https://example.com/portfolio',
    status: 'pending',
    requested_at: '2025-03-02T10:00:00Z',
    verified_at: null,
    verified_by: null,
    response_message: null,
    user: { id: 12, username: 'carol' },
    ...overrides,
  };
}

export const categoriesFixture: ServiceCategory[] = [
  categoryFixture({ description: null }),
  categoryFixture({ id: 4, name: 'Mobile Development', description: null }),
];

export const projectTypesFixture: ProjectType[] = [
  projectTypeFixture({
    description: null,
    technologies: [
      { id: 40, name: 'Next.js' },
      { id: 41, name: 'React' },
    ],
  }),
  projectTypeFixture({
    id: 5,
    name: 'Corporate Website',
    description: null,
    technologies: [{ id: 42, name: 'WordPress' }],
  }),
];

export const projectSubTypesFixture: ProjectSubType[] = [
  subTypeFixture({
    id: 3,
    description: null,
    technologies: [
      { id: 40, name: 'Next.js' },
      { id: 43, name: 'Vercel' },
    ],
  }),
];
