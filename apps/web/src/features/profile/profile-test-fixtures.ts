import type { Certificate, Education, Experience, Profile, Skill } from '@teamhire/shared';

const stamps = { user_id: 7, created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z' };

export function experienceFixture(overrides: Partial<Experience> = {}): Experience {
  return {
    id: 1,
    ...stamps,
    title: 'Senior Developer',
    company: 'Acme',
    start_date: '2021-05-01',
    end_date: null,
    current: true,
    description: 'Built the billing platform.',
    total_completed_projects: 12,
    avg_reviews: 4.8,
    total_reviews: 35,
    ...overrides,
  };
}

export function skillFixture(overrides: Partial<Skill> = {}): Skill {
  return {
    id: 2,
    ...stamps,
    name: 'TypeScript',
    level: 'Expert',
    category: 'Frontend',
    total_completed_projects: 20,
    avg_reviews: 4.9,
    total_reviews: 18,
    ...overrides,
  };
}

export function certificateFixture(overrides: Partial<Certificate> = {}): Certificate {
  return {
    id: 3,
    ...stamps,
    name: 'AWS Solutions Architect',
    issuer: 'Amazon Web Services',
    issue_date: '2022-03-15',
    expiry_date: '2025-03-15',
    credential_id: 'AWS-123',
    credential_url: 'https://example.com/credential/123',
    ...overrides,
  };
}

export function educationFixture(overrides: Partial<Education> = {}): Education {
  return {
    id: 4,
    ...stamps,
    degree: 'BSc Computer Science',
    institution: 'University of Leeds',
    field_of_study: 'Computer Science',
    start_date: '2015-09-01',
    end_date: '2018-06-30',
    current: false,
    gpa: 3.8,
    description: null,
    ...overrides,
  };
}

export function profileFixture(overrides: Partial<Profile> = {}): Profile {
  return {
    experiences: [experienceFixture()],
    skills: [skillFixture()],
    certificates: [certificateFixture()],
    education: [educationFixture()],
    ...overrides,
  };
}

export const emptyProfile: Profile = { experiences: [], skills: [], certificates: [], education: [] };
