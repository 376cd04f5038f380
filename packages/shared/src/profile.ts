import { z } from 'zod';
import { USER_ROLES } from './accounts';

export const PROFILE_TEXTS = {
  requiredFields: 'Please fill in all required fields',
  endBeforeStart: 'End date cannot be before the start date',
  endDateWhileCurrent: 'Leave the end date empty while this is current',
  expiryBeforeIssue: 'Expiry date cannot be before the issue date',
  urlInvalid: 'URL must start with http:// or https://',
  loadFailed: 'Failed to load profile data. Please try again.',
  saveFailed: 'Failed to save data. Please try again.',
  deleteFailed: 'Failed to delete item. Please try again.',
} as const;

export const PROFILE_KINDS = ['experiences', 'skills', 'certificates', 'education'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];
export const SKILL_LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'Expert'] as const;
export const PROFILE_ITEMS_MAX = 100;

const T = PROFILE_TEXTS;
const required = (max: number) =>
  z
    .string({ error: T.requiredFields })
    .trim()
    .min(1, T.requiredFields)
    .max(max, `Must be at most ${max} characters`);
const optionalText = (max: number) =>
  z.string().trim().max(max, `Must be at most ${max} characters`).nullish();
const dateFormat = 'Use a date like 2024-05-31';
// Year 0000 matches the pattern but is no date PostgreSQL can store.
const isoDate = z.iso.date({ error: dateFormat }).refine((value) => !value.startsWith('0000'), dateFormat);
const requiredDate = z
  .string({ error: T.requiredFields })
  .trim()
  .min(1, { error: T.requiredFields, abort: true })
  .pipe(isoDate);
const optionalDate = isoDate.nullish().or(z.literal('').transform(() => null));
const httpUrl = z
  .string()
  .trim()
  .max(500, T.urlInvalid)
  .regex(/^https?:\/\/\S+$/, T.urlInvalid)
  .nullish()
  .or(z.literal('').transform(() => null));
const statistics = {
  total_completed_projects: z.number().int().min(0).max(100_000).default(0),
  avg_reviews: z
    .number()
    .min(0, 'Average reviews must be between 0 and 5')
    .max(5, 'Average reviews must be between 0 and 5')
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, 'Use steps of 0.1')
    .default(0),
  total_reviews: z.number().int().min(0).max(1_000_000).default(0),
};

/** Dated items: the end may not come before the start, and stays empty while the item is current. */
function checkPeriod(
  value: { start_date?: string; end_date?: string | null; current?: boolean },
  context: z.RefinementCtx,
): void {
  if (value.current && value.end_date) {
    context.addIssue({ code: 'custom', path: ['end_date'], message: T.endDateWhileCurrent });
  } else if (value.start_date && value.end_date && value.end_date < value.start_date) {
    context.addIssue({ code: 'custom', path: ['end_date'], message: T.endBeforeStart });
  }
}

export const experienceInputSchema = z
  .strictObject({
    title: required(150),
    company: required(150),
    start_date: requiredDate,
    end_date: optionalDate,
    current: z.boolean().default(false),
    description: optionalText(5000),
    ...statistics,
  })
  .superRefine(checkPeriod);

export const skillInputSchema = z.strictObject({
  name: required(100),
  level: z.enum(SKILL_LEVELS, { error: T.requiredFields }),
  category: optionalText(100),
  ...statistics,
});

export const certificateInputSchema = z
  .strictObject({
    name: required(150),
    issuer: required(150),
    issue_date: requiredDate,
    expiry_date: optionalDate,
    credential_id: optionalText(150),
    credential_url: httpUrl,
  })
  .superRefine((value, context) => {
    if (value.expiry_date && value.issue_date && value.expiry_date < value.issue_date) {
      context.addIssue({ code: 'custom', path: ['expiry_date'], message: T.expiryBeforeIssue });
    }
  });

export const educationInputSchema = z
  .strictObject({
    degree: required(150),
    institution: required(150),
    field_of_study: optionalText(150),
    start_date: requiredDate,
    end_date: optionalDate,
    current: z.boolean().default(false),
    gpa: z.number().min(0, 'GPA must be between 0 and 10').max(10, 'GPA must be between 0 and 10').nullish(),
    description: optionalText(5000),
  })
  .superRefine(checkPeriod);

export type ExperienceInput = z.input<typeof experienceInputSchema>;
export type SkillInput = z.input<typeof skillInputSchema>;
export type CertificateInput = z.input<typeof certificateInputSchema>;
export type EducationInput = z.input<typeof educationInputSchema>;

const itemBase = {
  id: z.number().int(),
  user_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
};
const statisticsOut = {
  total_completed_projects: z.number().int(),
  avg_reviews: z.number(),
  total_reviews: z.number().int(),
};

export const experienceSchema = z.object({
  ...itemBase,
  title: z.string(),
  company: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  current: z.boolean(),
  description: z.string().nullable(),
  ...statisticsOut,
});
export const skillSchema = z.object({
  ...itemBase,
  name: z.string(),
  level: z.enum(SKILL_LEVELS),
  category: z.string().nullable(),
  ...statisticsOut,
});
export const certificateSchema = z.object({
  ...itemBase,
  name: z.string(),
  issuer: z.string(),
  issue_date: z.string(),
  expiry_date: z.string().nullable(),
  credential_id: z.string().nullable(),
  credential_url: z.string().nullable(),
});
export const educationSchema = z.object({
  ...itemBase,
  degree: z.string(),
  institution: z.string(),
  field_of_study: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  current: z.boolean(),
  gpa: z.number().nullable(),
  description: z.string().nullable(),
});
export type Experience = z.infer<typeof experienceSchema>;
export type Skill = z.infer<typeof skillSchema>;
export type Certificate = z.infer<typeof certificateSchema>;
export type Education = z.infer<typeof educationSchema>;

/** The item each kind of the API path holds; the kinds are also the keys of the profile answer. */
export interface ProfileItemsByKind {
  experiences: Experience;
  skills: Skill;
  certificates: Certificate;
  education: Education;
}

/** The answer schema of each kind of profile item, typed so that a kind chosen at run time keeps its type. */
export const profileItemSchemas: { [K in ProfileKind]: z.ZodType<ProfileItemsByKind[K]> } = {
  experiences: experienceSchema,
  skills: skillSchema,
  certificates: certificateSchema,
  education: educationSchema,
};

export const profileSchema = z.object({
  experiences: z.array(experienceSchema),
  skills: z.array(skillSchema),
  certificates: z.array(certificateSchema),
  education: z.array(educationSchema),
});
export type Profile = z.infer<typeof profileSchema>;

/** What any signed-in user may see of another: never the email. */
export const publicProfileSchema = profileSchema.extend({
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    full_name: z.string().nullable(),
    role: z.enum(USER_ROLES),
    profile_picture_url: z.string().nullable(),
    created_at: z.string(),
  }),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
