import {
  certificateInputSchema,
  educationInputSchema,
  experienceInputSchema,
  SKILL_LEVELS,
  skillInputSchema,
  type ProfileKind,
} from '@teamhire/shared';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { ProfileInputsByKind, ProfileItem } from '../profile-item-types';

type InputField<K extends ProfileKind> = keyof ProfileInputsByKind[K] & string;

/** One row of a profile item form; the form renders them in this order. */
export type ProfileItemField<F extends string> =
  | { type: 'text'; name: F; label: string; required?: boolean; url?: boolean; placeholder?: string }
  | { type: 'textarea'; name: F; label: string }
  | { type: 'select'; name: F; label: string; placeholder: string; options: readonly string[] }
  /** An optional decimal; left empty it is 'not stated' (null), not 0. */
  | { type: 'decimal'; name: F; label: string; min: number; max: number; step: number }
  /** Start and end side by side: the end may not come before the start, and is off while current. */
  | { type: 'period'; start: { name: F; label: string }; end: { name: F; label: string } }
  /** The 'still going on' checkbox of a period; ticking it empties the end. */
  | { type: 'current'; label: string }
  | { type: 'statistics' };

type ProfileItemSchema = z.ZodType<FieldValues, FieldValues>;

export interface ProfileItemFormDefinition<K extends ProfileKind> {
  schema: ProfileItemSchema;
  /** Every field is on the form, so that editing starts from the whole item. */
  values: (item?: ProfileItem<K>) => DefaultValues<ProfileInputsByKind[K]>;
  /** Every field, optional ones as null: an update replaces the whole item. */
  toRequest: (values: never) => ProfileInputsByKind[K];
  fields: readonly ProfileItemField<InputField<K>>[];
}

const statistics = (item?: {
  total_completed_projects: number;
  avg_reviews: number;
  total_reviews: number;
}) => ({
  total_completed_projects: item?.total_completed_projects ?? 0,
  avg_reviews: item?.avg_reviews ?? 0,
  total_reviews: item?.total_reviews ?? 0,
});

const description = { type: 'textarea', name: 'description', label: 'Description' } as const;

export const PROFILE_ITEM_FORMS: { [K in ProfileKind]: ProfileItemFormDefinition<K> } = {
  experiences: {
    schema: experienceInputSchema,
    values: (item) => ({
      title: item?.title ?? '',
      company: item?.company ?? '',
      start_date: item?.start_date ?? '',
      end_date: item?.end_date ?? '',
      current: item?.current ?? false,
      description: item?.description ?? '',
      ...statistics(item),
    }),
    toRequest: (values: z.output<typeof experienceInputSchema>) => ({
      ...values,
      end_date: values.current ? null : (values.end_date ?? null),
      description: values.description || null,
    }),
    fields: [
      { type: 'text', name: 'title', label: 'Title', required: true },
      { type: 'text', name: 'company', label: 'Company', required: true },
      {
        type: 'period',
        start: { name: 'start_date', label: 'Start Date' },
        end: { name: 'end_date', label: 'End Date' },
      },
      { type: 'current', label: 'I currently work here' },
      description,
      { type: 'statistics' },
    ],
  },
  skills: {
    schema: skillInputSchema,
    // The level starts unchosen when adding, so that it has to be picked rather than accepted.
    values: (item) => ({
      name: item?.name ?? '',
      level: item?.level,
      category: item?.category ?? '',
      ...statistics(item),
    }),
    toRequest: (values: z.output<typeof skillInputSchema>) => ({
      ...values,
      category: values.category || null,
    }),
    fields: [
      { type: 'text', name: 'name', label: 'Skill Name', required: true },
      { type: 'select', name: 'level', label: 'Level', placeholder: 'Select a level', options: SKILL_LEVELS },
      { type: 'text', name: 'category', label: 'Category', placeholder: 'e.g. Frontend, Design' },
      { type: 'statistics' },
    ],
  },
  certificates: {
    schema: certificateInputSchema,
    values: (item) => ({
      name: item?.name ?? '',
      issuer: item?.issuer ?? '',
      issue_date: item?.issue_date ?? '',
      expiry_date: item?.expiry_date ?? '',
      credential_id: item?.credential_id ?? '',
      credential_url: item?.credential_url ?? '',
    }),
    toRequest: (values: z.output<typeof certificateInputSchema>) => ({
      ...values,
      expiry_date: values.expiry_date ?? null,
      credential_id: values.credential_id || null,
      credential_url: values.credential_url ?? null,
    }),
    fields: [
      { type: 'text', name: 'name', label: 'Certificate Name', required: true },
      { type: 'text', name: 'issuer', label: 'Issuer', required: true },
      {
        type: 'period',
        start: { name: 'issue_date', label: 'Issue Date' },
        end: { name: 'expiry_date', label: 'Expiry Date' },
      },
      { type: 'text', name: 'credential_id', label: 'Credential ID' },
      { type: 'text', name: 'credential_url', label: 'Credential URL', url: true, placeholder: 'https://' },
    ],
  },
  education: {
    schema: educationInputSchema,
    values: (item) => ({
      degree: item?.degree ?? '',
      institution: item?.institution ?? '',
      field_of_study: item?.field_of_study ?? '',
      start_date: item?.start_date ?? '',
      end_date: item?.end_date ?? '',
      current: item?.current ?? false,
      gpa: item?.gpa ?? null,
      description: item?.description ?? '',
    }),
    toRequest: (values: z.output<typeof educationInputSchema>) => ({
      ...values,
      field_of_study: values.field_of_study || null,
      end_date: values.current ? null : (values.end_date ?? null),
      gpa: values.gpa ?? null,
      description: values.description || null,
    }),
    fields: [
      { type: 'text', name: 'degree', label: 'Degree', required: true },
      { type: 'text', name: 'institution', label: 'Institution', required: true },
      { type: 'text', name: 'field_of_study', label: 'Field of Study' },
      {
        type: 'period',
        start: { name: 'start_date', label: 'Start Date' },
        end: { name: 'end_date', label: 'End Date' },
      },
      { type: 'current', label: 'I currently study here' },
      { type: 'decimal', name: 'gpa', label: 'GPA', min: 0, max: 10, step: 0.01 },
      description,
    ],
  },
};
