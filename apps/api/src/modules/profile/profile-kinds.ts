import type { z } from 'zod';
import {
  certificateInputSchema,
  certificateSchema,
  educationInputSchema,
  educationSchema,
  experienceInputSchema,
  experienceSchema,
  skillInputSchema,
  skillSchema,
  type Certificate,
  type Education,
  type Experience,
  type ProfileKind,
  type Skill,
} from '@teamhire/shared';
import { PROFILE_TABLES } from './profile.repository';

type RowOf<Kind extends keyof typeof PROFILE_TABLES> = (typeof PROFILE_TABLES)[Kind]['$inferSelect'];

const stamps = (row: { id: number; userId: number; createdAt: Date; updatedAt: Date }) => ({
  id: row.id,
  user_id: row.userId,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * The four kinds of profile item differ only in their fields: each kind names its table, its
 * request and response schemas, and how fields map between the API and the columns.
 */
export const PROFILE_KIND_DEFINITIONS = {
  experiences: {
    label: 'experience',
    one: 'an experience',
    table: PROFILE_TABLES.experiences,
    input: experienceInputSchema,
    output: experienceSchema,
    toColumns: (input: z.output<typeof experienceInputSchema>) => ({
      title: input.title,
      company: input.company,
      startDate: input.start_date,
      endDate: input.current ? null : (input.end_date ?? null),
      current: input.current,
      description: input.description || null,
      totalCompletedProjects: input.total_completed_projects,
      avgReviews: input.avg_reviews,
      totalReviews: input.total_reviews,
    }),
    toResponse: (row: RowOf<'experiences'>): Experience => ({
      ...stamps(row),
      title: row.title,
      company: row.company,
      start_date: row.startDate,
      end_date: row.endDate,
      current: row.current,
      description: row.description,
      total_completed_projects: row.totalCompletedProjects,
      avg_reviews: row.avgReviews,
      total_reviews: row.totalReviews,
    }),
  },
  skills: {
    label: 'skill',
    one: 'a skill',
    table: PROFILE_TABLES.skills,
    input: skillInputSchema,
    output: skillSchema,
    toColumns: (input: z.output<typeof skillInputSchema>) => ({
      name: input.name,
      level: input.level,
      category: input.category || null,
      totalCompletedProjects: input.total_completed_projects,
      avgReviews: input.avg_reviews,
      totalReviews: input.total_reviews,
    }),
    toResponse: (row: RowOf<'skills'>): Skill => ({
      ...stamps(row),
      name: row.name,
      level: row.level,
      category: row.category,
      total_completed_projects: row.totalCompletedProjects,
      avg_reviews: row.avgReviews,
      total_reviews: row.totalReviews,
    }),
  },
  certificates: {
    label: 'certificate',
    one: 'a certificate',
    table: PROFILE_TABLES.certificates,
    input: certificateInputSchema,
    output: certificateSchema,
    toColumns: (input: z.output<typeof certificateInputSchema>) => ({
      name: input.name,
      issuer: input.issuer,
      issueDate: input.issue_date,
      expiryDate: input.expiry_date ?? null,
      credentialId: input.credential_id || null,
      credentialUrl: input.credential_url ?? null,
    }),
    toResponse: (row: RowOf<'certificates'>): Certificate => ({
      ...stamps(row),
      name: row.name,
      issuer: row.issuer,
      issue_date: row.issueDate,
      expiry_date: row.expiryDate,
      credential_id: row.credentialId,
      credential_url: row.credentialUrl,
    }),
  },
  education: {
    label: 'education',
    one: 'an education entry',
    table: PROFILE_TABLES.education,
    input: educationInputSchema,
    output: educationSchema,
    toColumns: (input: z.output<typeof educationInputSchema>) => ({
      degree: input.degree,
      institution: input.institution,
      fieldOfStudy: input.field_of_study || null,
      startDate: input.start_date,
      endDate: input.current ? null : (input.end_date ?? null),
      current: input.current,
      gpa: input.gpa ?? null,
      description: input.description || null,
    }),
    toResponse: (row: RowOf<'education'>): Education => ({
      ...stamps(row),
      degree: row.degree,
      institution: row.institution,
      field_of_study: row.fieldOfStudy,
      start_date: row.startDate,
      end_date: row.endDate,
      current: row.current,
      gpa: row.gpa,
      description: row.description,
    }),
  },
} satisfies Record<ProfileKind, unknown>;
